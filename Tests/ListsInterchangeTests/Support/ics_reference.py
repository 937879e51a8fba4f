"""Reads an iCalendar file with the `icalendar` package (PyPI, the reference reader) and prints its to-dos as
JSON: for each VTODO its properties' values as the library reads them, and the names of its subcomponents.

Usage: ics_reference.py FILE, or --version. Run by ICalendarReferenceTests, in the project's .venv.
"""
import json
import sys

import icalendar

if sys.argv[1] == "--version":
    print(icalendar.__version__)
    sys.exit(0)

with open(sys.argv[1], "rb") as file:
    calendar = icalendar.Calendar.from_ical(file.read())

todos = []
for todo in calendar.walk("VTODO"):
    entry = {"subcomponents": [component.name for component in todo.subcomponents]}
    for name, value in todo.property_items(recursive=False):
        if name in ("BEGIN", "END"):
            continue
        if name in ("SUMMARY", "DESCRIPTION", "UID", "STATUS", "CATEGORIES") or name.startswith("X-"):
            entry[name] = str(value) if name != "CATEGORIES" else value.to_ical().decode()
        elif name in ("DUE", "DTSTART", "COMPLETED"):
            entry[name] = value.dt.isoformat()
        elif name == "RRULE":
            entry[name] = value.to_ical().decode()
        elif name == "PRIORITY":
            entry[name] = int(value)
        else:
            entry[name] = value.to_ical().decode() if hasattr(value, "to_ical") else str(value)
    todos.append(entry)
print(json.dumps(todos, sort_keys=True))
