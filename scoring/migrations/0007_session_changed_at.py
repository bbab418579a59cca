import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_session_hand_count"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamesession",
            name="changed_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
    ]
