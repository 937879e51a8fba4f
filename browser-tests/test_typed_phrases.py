"""The tables of examples of the due-date grammar (Tests/ListsExamples/due-phrases.json) and of repeats
(repeat-phrases.json), which the Swift tests run through the model (and the due dates through the web's forms and
`lists todo add --due`), run here through app.js's own readers in real Chromium: the readers a phone uses with no
network (24-due-phrases.js, 25-repeat-phrases.js) read every phrase as the server does and refuse the same ones in
the same words."""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "Sources" / "ListsWeb" / "Assets" / "Files" / "app"
TABLE = json.loads((ROOT / "Tests" / "ListsExamples" / "due-phrases.json").read_text())
REPEATS = json.loads((ROOT / "Tests" / "ListsExamples" / "repeat-phrases.json").read_text())

# The page runs a reader's file after the one whose helpers it uses (quoting and trimming as the server does),
# inside one function as app.js runs its files, and reads every row given (due dates at the table's reference
# moment).
READ_ALL = """([source, reader, rows, today, minute]) => {
    const read = new Function(`${source}\\nreturn ${reader};`)();
    return rows.map((typed) => read(typed, today, minute));
}"""


def read_all(page, rows, file="24-due-phrases.js", reader="duePhrases"):
    source = (APP / "22-offline-forms.js").read_text() + "\n" + (APP / file).read_text()
    return page.evaluate(READ_ALL, [source, reader, rows, TABLE["today"], TABLE["minute"]])


def rows(part):
    return [row for section in TABLE[part] for row in section["rows"]]


def test_every_phrase_the_server_reads_is_read_the_same_with_no_network(new_page):
    page = new_page()
    read = rows("read")
    assert len(read) >= 60
    results = read_all(page, [typed for typed, _ in read])
    wrong = [(typed, due, result) for (typed, due), result in zip(read, results) if result.get("value") != due]
    assert not wrong, f"read otherwise than the server reads them: {wrong}"


def test_every_phrase_the_server_refuses_is_refused_in_its_words(new_page):
    page = new_page()
    refused = rows("refused")
    assert len(refused) >= 15
    results = read_all(page, [typed for typed, _ in refused])
    wrong = []
    for (typed, mentions), result in zip(refused, results):
        if not typed.strip():
            # An empty Due field is no due date; the server requires one only where the CLI's --due is given.
            if result != {"value": None}:
                wrong.append((typed, result))
        elif mentions not in result.get("error", ""):
            wrong.append((typed, mentions, result))
    assert not wrong, f"refused otherwise than the server refuses them: {wrong}"


def test_every_repeat_the_server_reads_is_read_to_the_same_rule_with_no_network(new_page):
    page = new_page()
    read = REPEATS["read"]
    assert len(read) >= 30
    results = read_all(page, [typed for typed, _ in read] + REPEATS["none"], "25-repeat-phrases.js", "repeatPhrases")
    expected = [rule for _, rule in read] + [None for _ in REPEATS["none"]]
    wrong = [(typed, rule, result) for typed, rule, result in
             zip([typed for typed, _ in read] + REPEATS["none"], expected, results) if result != {"value": rule}]
    assert not wrong, f"read otherwise than the server reads them: {wrong}"


def test_every_repeat_phrase_the_server_refuses_is_refused_in_its_words(new_page):
    page = new_page()
    refused = REPEATS["refused"]
    results = read_all(page, [typed for typed, _ in refused], "25-repeat-phrases.js", "repeatPhrases")
    wrong = [(typed, mentions, result) for (typed, mentions), result in zip(refused, results)
             if mentions not in result.get("error", "")]
    assert not wrong, f"refused otherwise than the server refuses them: {wrong}"


# Texts and what the server's trimming leaves of them (Foundation's white space and new lines, U+200B included:
# Tests/ListsModelTests/TrimmingTests.swift checks the server's against Foundation on the same texts).
TRIMMED = [
    ("", ""), (" ", ""), ("plain", "plain"), ("  Milk  ", "Milk"), ("\tTea\t", "Tea"), ("\n Bread \r\n", "Bread"),
    ("\u00a0Pear\u3000", "Pear"), ("\u2028x\u2029", "x"), ("a b", "a b"), (" \u0085Mango\u0085 ", "Mango"),
    ("e\u0301 ", "e\u0301"), ("\U0001f426 ", "\U0001f426"), ("\u200bzero-width\u200b", "zero-width"),
    ("\u2003em\u2003", "em"),
]


def test_a_text_is_trimmed_with_no_network_as_the_server_trims_it(new_page):
    page = new_page()
    source = (APP / "22-offline-forms.js").read_text()
    results = page.evaluate("""([source, texts]) => {
        const trim = new Function(`${source}\\nreturn trimmed;`)();
        return texts.map((text) => trim(text));
    }""", [source, [text for text, _ in TRIMMED]])
    assert results == [expected for _, expected in TRIMMED]
