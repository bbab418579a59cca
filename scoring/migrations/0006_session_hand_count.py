from django.db import migrations, models
from django.db.models import Count, Q


def count_existing(apps, schema_editor):
    """Each session's hands that count, as the session list annotated them until now."""
    GameSession = apps.get_model("scoring", "GameSession")
    counted = GameSession.objects.annotate(
        counted=Count(
            "hands",
            filter=Q(hands__versions__is_current=True) & ~Q(hands__versions__status="removed"),
        )
    ).values_list("pk", "counted")
    for session_id, count in counted.iterator():
        GameSession.objects.filter(pk=session_id).update(hand_count=count)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_hand_version_revision"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamesession",
            name="hand_count",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(count_existing, migrations.RunPython.noop),
    ]
