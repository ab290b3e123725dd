"""docs/python.md shows the layouts the engines really have."""

import importlib.util
import pathlib

TOOL = pathlib.Path(__file__).resolve().parents[1] / "tools" / "layouts.py"


def test_the_documented_layouts_are_the_engines_layouts():
    spec = importlib.util.spec_from_file_location("layouts", TOOL)
    layouts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(layouts)
    doc = layouts.DOC.read_text(encoding="utf-8")
    start = doc.index(layouts.BEGIN) + len(layouts.BEGIN)
    documented = doc[start:doc.index(layouts.END)].strip()
    assert documented == layouts.markdown().strip(), (
        "docs/python.md is out of date: python crates/python/tools/layouts.py --write"
    )


def test_the_batch_examples_of_the_docs_run():
    # Every Python example of docs/python.md's batch section, in order, in
    # one namespace: the text a reader copies.
    import re

    doc = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md").read_text(
        encoding="utf-8"
    )
    section = doc[doc.index("## Batches: `eons.VecGame`"):doc.index("## PettingZoo")]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) >= 3
    namespace = {}
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), namespace)
