from django.db import migrations, models


def mark_existing(apps, schema_editor):
    """Versions stored before: marked as made at their session's revision now, so a phone
    that saw an older revision is sent them again once (never too few, only too many)."""
    HandVersion = apps.get_model("scoring", "HandVersion")
    GameSession = apps.get_model("scoring", "GameSession")
    for session_id, revision in GameSession.objects.values_list("pk", "revision").iterator():
        HandVersion.objects.filter(hand__session_id=session_id).update(revision=revision)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_pot_split"),
    ]

    operations = [
        migrations.AddField(
            model_name="handversion",
            name="revision",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(mark_existing, migrations.RunPython.noop),
    ]
