#!/usr/bin/env python3
"""Generates the benchmark's inputs: settings documents and the same keys for git and GSettings.

For each size N it writes, into the work directory:
  doc-N.json        a settings document of N items in sections of up to 100 items (Korean
                    headers, footers and titles; every cell type in turn: switch, rightDetail,
                    detailTitle, with subtitles and icons), no pageSize and nothing collapsible,
                    so `settings show --all` renders every item;
  git-N.cfg         a git config file with one `[sN]` section per document section and one
                    `key = value` line per switch and right-detail item;
  schemas/          a GSettings schema `org.example.bench.nN` with the same keys (`b` for a
                    switch, `s` for a right-detail item), compiled by the caller with
                    glib-compile-schemas.
The example document (Examples/ios-settings.json) gets git-example.cfg and a schema too.

Keys are `item-<i>`, valid for all three tools (git and GSettings want a leading letter and no
`_`). Output is deterministic: the same sizes give the same bytes.

Usage: generate.py WORKDIR EXAMPLE_JSON SIZE...
Prints one line per document: `name path bytes items key section`, where KEY is the switch
that `set` and `get` use (the last switch, so lookups walk the whole document) and SECTION is
its git section.
"""

import json
import os
import sys

ICONS = ["airplane", "wifi", "bluetooth", "signal-tower", "smartphone", "bell", "headphone", "moon",
         "hourglass", "gear", "lock", "battery", "globe", "key", "camera", "photo", "music", "mail",
         "calendar", "location", "user"]
WORDS = ["에어플레인 모드", "개인용 핫스팟", "사운드 및 햅틱", "방해금지 모드", "스크린 타임", "일반",
         "제어 센터", "디스플레이 및 밝기", "배경화면", "손쉬운 사용", "개인정보 보호", "배터리",
         "암호", "알림", "키보드", "언어 및 지역", "날짜 및 시간", "저장 공간"]
SECTION_SIZE = 100


def item(i):
    """The document's item number `i`: a switch, right-detail or detail-title row in turn."""
    kind = ("switch", "rightDetail", "detailTitle")[i % 3]
    value = {"key": f"item-{i}", "type": kind, "title": f"{WORDS[i % len(WORDS)]} {i}"}
    if kind == "switch":
        value["on"] = i % 2 == 0
    elif kind == "rightDetail":
        value["rightDetail"] = ("켬", "끔", "자동", f"값 {i}")[i % 4]
    else:
        value["subTitle"] = f"{WORDS[(i + 7) % len(WORDS)]} 및 세부 설정 {i}"
    if i % 5 != 4:
        value["imageName"] = ICONS[i % len(ICONS)]
    return value


def document(count):
    """A document of `count` items, as a Python value."""
    sections = []
    for start in range(0, count, SECTION_SIZE):
        number = start // SECTION_SIZE + 1
        items = [item(i) for i in range(start, min(count, start + SECTION_SIZE))]
        section = {"header": f"섹션 {number}: {WORDS[number % len(WORDS)]}", "items": items}
        if number % 2 == 0:
            section["footer"] = f"{WORDS[number % len(WORDS)]} 설정은 이 기기에만 적용됩니다. " * 2
        sections.append(section)
    return {"version": 1, "id": f"bench-{count}", "title": f"설정 {count}", "sections": sections}


def child_page_document(count, depth=1):
    """A document whose top page has a switch (`item-top`) and a `detailTitle` row (`more`) that
    opens a child page; at `depth` 1 that page holds `count` items in the sections
    `document(count)` has, deeper it holds one `more` row again. The page's last item's key is
    `more.` × depth + `item-<count - 1>`."""
    sections = document(count)["sections"]
    for _ in range(depth):
        row = {"key": "more", "type": "detailTitle", "title": "더 보기", "page": {"sections": sections}}
        sections = [{"header": "하위 페이지", "items": [row]}]
    sections[0]["items"].insert(0, {"key": "item-top", "type": "switch", "title": "맨 위", "on": False})
    return {"version": 1, "id": f"bench-page-{count}-{depth}", "title": f"하위 페이지 {count}",
            "sections": sections}


def write_items_file_document(path, count):
    """Writes a document at `path` whose one section reads `count` items (`item(i)`) from a JSON
    Lines file beside it (`path` + `l`, one item per line), streaming; returns that file's path."""
    lines = path + "l"
    with open(lines, "w", encoding="utf-8") as file:
        for i in range(count):
            file.write(json.dumps(item(i), ensure_ascii=False) + "\n")
    doc = {"version": 1, "id": f"bench-lines-{count}", "title": f"항목 파일 {count}",
           "sections": [{"header": "항목 파일", "itemsFile": os.path.basename(lines)}]}
    write(path, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    return lines


def valued_items(doc):
    """(section number, item) for every switch and right-detail item, in order."""
    for number, section in enumerate(doc["sections"], start=1):
        for item in section["items"]:
            if item["type"] in ("switch", "rightDetail") and "key" in item:
                yield number, item


def git_config(doc):
    lines = []
    current = None
    for number, item in valued_items(doc):
        if number != current:
            lines.append(f"[s{number}]")
            current = number
        if item["type"] == "switch":
            value = "true" if item.get("on", False) else "false"
        else:
            value = '"' + item.get("rightDetail", "").replace("\\", "\\\\").replace('"', '\\"') + '"'
        lines.append(f"\t{item['key']} = {value}")
    return "\n".join(lines) + "\n"


def gschema(doc, schema_id):
    def xml(text):
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    path = "/" + schema_id.replace(".", "/") + "/"
    lines = ["<schemalist>", f'  <schema id="{schema_id}" path="{path}">']
    for _, item in valued_items(doc):
        if item["type"] == "switch":
            default = "true" if item.get("on", False) else "false"
            lines.append(f'    <key name="{item["key"]}" type="b"><default>{default}</default></key>')
        else:
            text = item.get("rightDetail", "").replace("\\", "\\\\").replace("'", "\\'")
            lines.append(f"    <key name=\"{item['key']}\" type=\"s\"><default>'{xml(text)}'</default></key>")
    lines += ["  </schema>", "</schemalist>"]
    return "\n".join(lines) + "\n"


def last_switch(doc):
    key = None
    for number, item in valued_items(doc):
        if item["type"] == "switch":
            key = (item["key"], f"s{number}")
    return key


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def main():
    workdir, example = sys.argv[1], sys.argv[2]
    sizes = [int(size) for size in sys.argv[3:]]
    os.makedirs(os.path.join(workdir, "schemas"), exist_ok=True)
    with open(example, encoding="utf-8") as file:
        example_doc = json.load(file)
    entries = [("example", os.path.abspath(example), example_doc)]
    for size in sizes:
        doc = document(size)
        path = os.path.join(workdir, f"doc-{size}.json")
        # One item per line, as people write these files: readable, and jq sees the same bytes.
        text = json.dumps(doc, ensure_ascii=False, indent=1)
        write(path, text + "\n")
        entries.append((str(size), os.path.abspath(path), doc))
    for name, path, doc in entries:
        schema_id = f"org.example.bench.n{name}"
        write(os.path.join(workdir, f"git-{name}.cfg"), git_config(doc))
        write(os.path.join(workdir, "schemas", f"{schema_id}.gschema.xml"), gschema(doc, schema_id))
        key, section = last_switch(doc)
        items = sum(len(section["items"]) for section in doc["sections"])
        print(name, path, os.path.getsize(path), items, key, section)


if __name__ == "__main__":
    main()
