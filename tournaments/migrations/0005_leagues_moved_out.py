"""The league models moved to the leagues app (leagues/migrations/0001_initial.py).

Only Django's record of the models changes: their tables stay, with every row, and the
leagues app names the same tables (`Meta.db_table`).
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_tournament_standings_lines"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name="standing",
                    name="league",
                ),
                migrations.RemoveField(
                    model_name="leaguesession",
                    name="league",
                ),
                migrations.RemoveField(
                    model_name="leaguesession",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="pendingupdate",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="pendingupdate",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="rating",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="rating",
                    name="player",
                ),
                migrations.RemoveField(
                    model_name="ratingchange",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="ratingchange",
                    name="player",
                ),
                migrations.RemoveField(
                    model_name="ratingchange",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="sessionresult",
                    name="club",
                ),
                migrations.RemoveField(
                    model_name="sessionresult",
                    name="player",
                ),
                migrations.RemoveField(
                    model_name="sessionresult",
                    name="session",
                ),
                migrations.RemoveField(
                    model_name="standing",
                    name="player",
                ),
                migrations.DeleteModel(
                    name="League",
                ),
                migrations.DeleteModel(
                    name="LeagueSession",
                ),
                migrations.DeleteModel(
                    name="PendingUpdate",
                ),
                migrations.DeleteModel(
                    name="Rating",
                ),
                migrations.DeleteModel(
                    name="RatingChange",
                ),
                migrations.DeleteModel(
                    name="SessionResult",
                ),
                migrations.DeleteModel(
                    name="Standing",
                ),
            ],
            database_operations=[],
        ),
    ]
