"""Every payment has its key now (0002): it is required and unique from here on."""

import uuid

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tab", "0002_payment_client_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="payment",
            name="client_key",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
