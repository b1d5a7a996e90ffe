import re


def test_page_is_self_contained(sample_build):
    page = (sample_build.out / "graph.html").read_text(encoding="utf-8")
    assert "vis.Network" in page and "new vis.DataSet" in page
    # nothing loaded from elsewhere: no src/href to a remote host, no @import or url() to one
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page.split("const nodeList")[0])
    assert not re.search(r"""<(script|link)[^>]+(src|href)=""", page)
    for label in ("Paper", "Method", "Task", "Dataset"):
        assert f"{label} (" in page  # the legend
