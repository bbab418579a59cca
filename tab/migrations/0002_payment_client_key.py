"""A client key on every payment: the same key again is the same payment, stored once.

Payments recorded before it get a key each (a unique column cannot take one default for
every row): the column is added empty and filled here, then made unique and required in
0003, a transaction of its own, as Django's guide to adding a unique field does.
"""

import uuid

from django.db import migrations, models


def give_each_payment_a_key(apps, schema_editor):
    Payment = apps.get_model("tab", "Payment")
    for payment in Payment.objects.filter(client_key__isnull=True).only("pk").iterator():
        Payment.objects.filter(pk=payment.pk).update(client_key=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [
        ("tab", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="payment",
            name="client_key",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(give_each_payment_a_key, migrations.RunPython.noop),
    ]
