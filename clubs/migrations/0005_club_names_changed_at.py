import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0004_pool_house_rules"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="names_changed_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
    ]
