"""Game records in the ``pegboard-record/1`` format, and exact replay."""

from pegboard.records.record import check_record, read_records, write_jsonl
from pegboard.records.replay import replay, replay_steps

__all__ = ["check_record", "read_records", "replay", "replay_steps", "write_jsonl"]
