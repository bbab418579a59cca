"""Every session's history becomes a hash chain (scoring/chain.py): the hand versions
already stored are linked in the order they were saved, and each session gets its head."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# The canonical form is frozen (scoring/chain.py says why), so the migration may use it.
from scoring import chain


def link_stored_versions(apps, schema_editor):
    GameSession = apps.get_model("scoring", "GameSession")
    HandVersion = apps.get_model("scoring", "HandVersion")
    for session in GameSession.objects.order_by("pk").iterator(chunk_size=200):
        head, length = chain.START, 0
        versions = HandVersion.objects.filter(hand__session=session).select_related("hand")
        for version in versions.order_by("pk"):
            length += 1
            content = chain.content_of_version(version)
            head = chain.link(head, content)
            HandVersion.objects.filter(pk=version.pk).update(chain_seq=length, digest=head)
        GameSession.objects.filter(pk=session.pk).update(chain_head=head, chain_length=length)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_session_changed_at"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="gamesession",
            name="chain_head",
            field=models.CharField(
                default="0000000000000000000000000000000000000000000000000000000000000000",
                max_length=64,
            ),
        ),
        migrations.AddField(
            model_name="gamesession",
            name="chain_length",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="handversion",
            name="chain_seq",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="handversion",
            name="digest",
            field=models.CharField(default="", max_length=64),
        ),
        migrations.AlterField(
            model_name="handversion",
            name="created_by",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(link_stored_versions, migrations.RunPython.noop),
    ]
