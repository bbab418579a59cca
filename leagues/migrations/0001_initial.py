"""The league models, moved here from the tournaments app with their tables.

The tables were made by tournaments' migrations 0001 and 0003 and keep their names
(`db_table`), so this migration only tells Django the models now live here: no table or row
changes. On a database that already had them, the content types follow the models, so the
admin's history and any permission keep pointing at them.
"""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

MODELS = (
    "league",
    "leaguesession",
    "sessionresult",
    "standing",
    "pendingupdate",
    "rating",
    "ratingchange",
)


def move_content_types(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.using(schema_editor.connection.alias).filter(
        app_label="tournaments", model__in=MODELS
    ).update(app_label="leagues")


def move_content_types_back(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.using(schema_editor.connection.alias).filter(
        app_label="leagues", model__in=MODELS
    ).update(app_label="tournaments")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("clubs", "0001_initial"),
        ("scoring", "0002_session_rating_order_index"),
        ("tournaments", "0005_leagues_moved_out"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="League",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("name", models.CharField(max_length=120)),
                        ("slug", models.SlugField(max_length=60)),
                        ("starts_on", models.DateField()),
                        ("ends_on", models.DateField()),
                        ("variants", models.JSONField(blank=True, default=list)),
                        ("marked_only", models.BooleanField(default=False)),
                        (
                            "basis",
                            models.CharField(
                                choices=[
                                    ("points", "Total points"),
                                    ("hands_won", "Hands won"),
                                    ("sessions_won", "Sessions won"),
                                    ("placing", "Points by placing at each session"),
                                ],
                                default="points",
                                max_length=16,
                            ),
                        ),
                        ("placing_points", models.JSONField(blank=True, default=list)),
                        ("tie_breakers", models.JSONField(blank=True, default=list)),
                        ("min_sessions", models.PositiveIntegerField(default=0)),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="leagues",
                                to="clubs.club",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_league",
                        "ordering": ["-starts_on", "name"],
                    },
                ),
                migrations.CreateModel(
                    name="LeagueSession",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "league",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="marked",
                                to="leagues.league",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="league_marks",
                                to="scoring.gamesession",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_leaguesession",
                    },
                ),
                migrations.CreateModel(
                    name="PendingUpdate",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("marked_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="clubs.club",
                            ),
                        ),
                        (
                            "session",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="pending_update",
                                to="scoring.gamesession",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_pendingupdate",
                    },
                ),
                migrations.CreateModel(
                    name="Rating",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "variant",
                            models.CharField(
                                choices=[
                                    ("indian13", "Indian Rummy"),
                                    ("indian21", "21 card Indian Rummy"),
                                    ("rummy27", "27 card Rummy"),
                                    ("marriage", "Indian Marriage"),
                                    ("vazhushal", "Vazhushal"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("mu", models.FloatField()),
                        ("sigma", models.FloatField()),
                        ("ordinal", models.FloatField()),
                        ("games", models.PositiveIntegerField(default=0)),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ratings",
                                to="clubs.club",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="ratings",
                                to="clubs.player",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_rating",
                    },
                ),
                migrations.CreateModel(
                    name="RatingChange",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "variant",
                            models.CharField(
                                choices=[
                                    ("indian13", "Indian Rummy"),
                                    ("indian21", "21 card Indian Rummy"),
                                    ("rummy27", "27 card Rummy"),
                                    ("marriage", "Indian Marriage"),
                                    ("vazhushal", "Vazhushal"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("rated_at", models.DateTimeField()),
                        ("mu_before", models.FloatField(null=True)),
                        ("sigma_before", models.FloatField(null=True)),
                        ("mu", models.FloatField()),
                        ("sigma", models.FloatField()),
                        ("ordinal", models.FloatField()),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="clubs.club",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_changes",
                                to="clubs.player",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rating_changes",
                                to="scoring.gamesession",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_ratingchange",
                    },
                ),
                migrations.CreateModel(
                    name="SessionResult",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "variant",
                            models.CharField(
                                choices=[
                                    ("indian13", "Indian Rummy"),
                                    ("indian21", "21 card Indian Rummy"),
                                    ("rummy27", "27 card Rummy"),
                                    ("marriage", "Indian Marriage"),
                                    ("vazhushal", "Vazhushal"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("played_at", models.DateTimeField()),
                        ("finished", models.BooleanField(default=False)),
                        ("points", models.IntegerField(default=0)),
                        ("hands_played", models.PositiveIntegerField(default=0)),
                        ("hands_won", models.PositiveIntegerField(default=0)),
                        ("best_hand", models.IntegerField(null=True)),
                        ("best_hand_number", models.PositiveIntegerField(null=True)),
                        ("place", models.PositiveSmallIntegerField()),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="clubs.club",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="results",
                                to="clubs.player",
                            ),
                        ),
                        (
                            "session",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="results",
                                to="scoring.gamesession",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_sessionresult",
                    },
                ),
                migrations.CreateModel(
                    name="Standing",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("sessions", models.PositiveIntegerField(default=0)),
                        ("points", models.IntegerField(default=0)),
                        ("hands_won", models.PositiveIntegerField(default=0)),
                        ("sessions_won", models.PositiveIntegerField(default=0)),
                        ("placing_points", models.IntegerField(default=0)),
                        ("last_played_at", models.DateTimeField(null=True)),
                        ("last_place", models.PositiveSmallIntegerField(null=True)),
                        (
                            "league",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="standings",
                                to="leagues.league",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="standings",
                                to="clubs.player",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "tournaments_standing",
                    },
                ),
                migrations.AddConstraint(
                    model_name="league",
                    constraint=models.UniqueConstraint(
                        fields=("club", "slug"), name="league_slug_unique_in_club"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="leaguesession",
                    constraint=models.UniqueConstraint(
                        fields=("league", "session"), name="session_marked_once"
                    ),
                ),
                migrations.AddIndex(
                    model_name="rating",
                    index=models.Index(
                        fields=["club", "variant", "-ordinal"], name="rating_leaderboard"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="rating",
                    constraint=models.UniqueConstraint(
                        fields=("club", "variant", "player"), name="one_rating_per_game"
                    ),
                ),
                migrations.AddIndex(
                    model_name="ratingchange",
                    index=models.Index(
                        fields=["club", "variant", "rated_at", "session"], name="rating_order"
                    ),
                ),
                migrations.AddIndex(
                    model_name="ratingchange",
                    index=models.Index(fields=["player", "rated_at"], name="rating_history"),
                ),
                migrations.AddConstraint(
                    model_name="ratingchange",
                    constraint=models.UniqueConstraint(
                        fields=("session", "player"), name="one_change_per_seat"
                    ),
                ),
                migrations.AddIndex(
                    model_name="sessionresult",
                    index=models.Index(
                        fields=["club", "variant", "played_at"], name="result_club_variant"
                    ),
                ),
                migrations.AddIndex(
                    model_name="sessionresult",
                    index=models.Index(
                        fields=["player", "played_at"],
                        include=(
                            "club",
                            "variant",
                            "session",
                            "finished",
                            "points",
                            "hands_won",
                            "place",
                        ),
                        name="result_player_covering",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="sessionresult",
                    constraint=models.UniqueConstraint(
                        fields=("session", "player"), name="one_result_per_seat"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="standing",
                    constraint=models.UniqueConstraint(
                        fields=("league", "player"), name="one_standing_per_player"
                    ),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
