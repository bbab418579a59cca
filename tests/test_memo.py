"""common/memo.py: a process's memory of worked-out answers keeps the most recently used."""

from __future__ import annotations

from common.memo import Memo


def test_the_answer_read_longest_ago_goes_first():
    memo: Memo[str] = Memo(size=2)
    memo.put("a", "A")
    memo.put("b", "B")
    assert memo.get("a") == "A"  # now "b" was read longest ago
    memo.put("c", "C")
    assert (memo.get("a"), memo.get("b"), memo.get("c")) == ("A", None, "C")
    assert len(memo) == 2


def test_an_answer_put_again_replaces_the_old_one_and_clear_forgets_all():
    memo: Memo[int] = Memo(size=3)
    memo.put("a", 1)
    memo.put("a", 2)
    assert memo.get("a") == 2 and len(memo) == 1
    memo.clear()
    assert memo.get("a") is None
