"""The reference for Lists' repeat rules: python-dateutil's rrule on the rules a test gives.

Reads a JSON file (its path the first argument) holding a list of {"rule": RRULE value, "start": "YYYY-MM-DD" or
"YYYY-MM-DDTHH:MM", "zone": IANA name, "limit": how many}, and prints a JSON list with, for each rule,
{"wall": the first `limit` dates as the start writes them, "utc": their moments in seconds since 1970} or
{"error": what dateutil said}.

The start is DTSTART as a naive wall-clock time, as Lists counts in wall-clock time; only when UNTIL is in UTC is it
given the zone (dateutil compares an aware UNTIL only with an aware DTSTART), which leaves the wall-clock dates as
they are and compares each one's moment with UNTIL. A moment is zoneinfo's with fold=0: a time skipped by a change
to daylight-saving time is read with the offset before it, a repeated time is the first.

With --version it prints dateutil's version and exits, which tells a test that dateutil is there.
"""

import datetime
import itertools
import json
import sys
from zoneinfo import ZoneInfo

import dateutil
from dateutil.rrule import rrulestr


def moment(wall, zone):
    return int(wall.replace(tzinfo=zone, fold=0).timestamp())


def dates(rule, start, zone_name, limit):
    zone = ZoneInfo(zone_name)
    has_time = "T" in start
    dtstart = datetime.datetime.fromisoformat(start)
    if any(part.upper().startswith("UNTIL=") and part.upper().endswith("Z") for part in rule.split(";")):
        dtstart = dtstart.replace(tzinfo=zone)
    walls, moments = [], []
    for occurrence in itertools.islice(rrulestr(rule, dtstart=dtstart), limit):
        wall = occurrence.replace(tzinfo=None)
        walls.append(wall.strftime("%Y-%m-%dT%H:%M") if has_time else wall.strftime("%Y-%m-%d"))
        moments.append(moment(wall, zone))
    return {"wall": walls, "utc": moments}


def main():
    if sys.argv[1:] == ["--version"]:
        print(dateutil.__version__)
        return
    with open(sys.argv[1], encoding="utf-8") as file:
        items = json.load(file)
    answers = []
    for item in items:
        try:
            answers.append(dates(item["rule"], item["start"], item["zone"], item.get("limit", 20)))
        except Exception as error:  # each rule answers for itself: one refusal must not hide the others' dates
            answers.append({"error": f"{type(error).__name__}: {error}"})
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
