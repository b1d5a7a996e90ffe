"""Entity-entity relations: the kg_relations component on hand-made sentences with the real pipeline,
then resolution and the graph."""

import pickle
from dataclasses import replace

import pytest
import spacy
from spacy.tokens import Span

from kg.confidence import resolve_papers
from kg.corpus import Paper
from kg.graph import build_graph
from kg.nlp.parse import extract
from kg.nlp.relations import ABSTRACT_SENTENCES, fits
from kg.records import Mention, Relation
from kg.resolve import resolve, resolve_relations


def found(nlp, text):
    """(head text, relation, tail text) of every relation the component finds in `text`."""
    doc = nlp(text)
    return {(doc[a:b].text, relation, doc[c:d].text) for a, b, relation, c, d, *_ in doc._.relations}


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "We propose OTTER, a novel VLA architecture for robot manipulation.",
            {("OTTER", "isA", "VLA architecture"), ("OTTER", "usedFor", "robot manipulation")},
        ),
        (
            "We apply graph neural networks to molecular property prediction.",
            {("graph neural networks", "usedFor", "molecular property prediction")},
        ),
        ("We propose FooNet for image segmentation.", {("FooNet", "usedFor", "image segmentation")}),
        ("For machine translation, we develop FooNet.", {("FooNet", "usedFor", "machine translation")}),
        (
            "We present FooNet, a framework designed for image segmentation.",
            {("FooNet", "usedFor", "image segmentation")},
        ),
        ("FooNet is tailored to machine translation.", {("FooNet", "usedFor", "machine translation")}),
        (
            "We present FooNet, a principled approach to image segmentation.",
            {("FooNet", "usedFor", "image segmentation")},
        ),
        ("We use FooNet to solve image segmentation.", {("FooNet", "usedFor", "image segmentation")}),
        ("FooNet enables real-time image segmentation.", {("FooNet", "usedFor", "real-time image segmentation")}),
        ("We evaluate GRAMA on the ImageNet benchmark.", {("GRAMA", "evaluatedOn", "ImageNet")}),
        (
            "Experiments on CIFAR-10 and ImageNet show that GRAMA outperforms ResNet.",
            {
                ("GRAMA", "evaluatedOn", "CIFAR-10"),
                ("GRAMA", "evaluatedOn", "ImageNet"),
                ("GRAMA", "comparedWith", "ResNet"),
            },
        ),
        (
            "LoRA outperforms DoRA and QLoRA on GLUE.",
            {("LoRA", "comparedWith", "DoRA"), ("LoRA", "comparedWith", "QLoRA"), ("LoRA", "evaluatedOn", "GLUE")},
        ),
        ("Compared to DoRA, LoRA achieves higher accuracy.", {("LoRA", "comparedWith", "DoRA")}),
        ("We design a clustering method called TANGO.", {("TANGO", "isA", "clustering method")}),
        (
            "FooNet achieves large gains over ResNet on ImageNet.",
            {("FooNet", "comparedWith", "ResNet"), ("FooNet", "evaluatedOn", "ImageNet")},
        ),
        ("FooPO improves over DPO and SimPO.", {("FooPO", "comparedWith", "DPO"), ("FooPO", "comparedWith", "SimPO")}),
        (
            "FooNet outperforms strong baselines such as U-Net and DeepLab.",
            {("FooNet", "comparedWith", "U-Net"), ("FooNet", "comparedWith", "DeepLab")},
        ),
        (
            "We evaluate FooNet on benchmarks such as GLUE and SuperGLUE.",
            {("FooNet", "evaluatedOn", "GLUE"), ("FooNet", "evaluatedOn", "SuperGLUE")},
        ),
        (
            "We propose EPA for alignment. EPA delivers better performance on open benchmarks compared to DPO.",
            {("EPA", "comparedWith", "DPO")},
        ),
        (
            "FooNet achieves strong results, outperforming LoRA and DoRA.",
            {("FooNet", "comparedWith", "LoRA"), ("FooNet", "comparedWith", "DoRA")},
        ),
        ("We propose FooNet, which outperforms U-Net.", {("FooNet", "comparedWith", "U-Net")}),
        ("FooNet is comparable to U-Net.", {("FooNet", "comparedWith", "U-Net")}),
        ("FooNet achieves accuracy comparable to U-Net.", {("FooNet", "comparedWith", "U-Net")}),
        ("FooNet achieves comparable accuracy to U-Net with fewer parameters.", {("FooNet", "comparedWith", "U-Net")}),
        ("FooNet performs on par with U-Net.", {("FooNet", "comparedWith", "U-Net")}),
        ("FooNet matches the performance of U-Net at a fraction of the cost.", {("FooNet", "comparedWith", "U-Net")}),
        ("Unlike U-Net, FooNet needs no labels.", {("FooNet", "comparedWith", "U-Net")}),
        (
            "We propose LPC. LPC consistently improves upon three alignment algorithms (DPO, SimPO, and IPO).",
            {("LPC", "comparedWith", name) for name in ("alignment algorithms", "DPO", "SimPO", "IPO")},
        ),
    ],
)
def test_cues(nlp, text, expected):
    assert expected <= found(nlp, text)


def test_a_short_form_in_brackets_is_no_example(nlp):
    """ "outperforms large language models (LLMs)": one name in brackets is the same thing, not an example."""
    compared = {r for r in found(nlp, "FooNet outperforms large language models (LLMs).") if r[1] == "comparedWith"}
    assert compared == {("FooNet", "comparedWith", "large language models")}


def test_what_a_comparison_is_made_with_is_no_rival(nlp):
    """ "With the same FLOPs, X achieves comparable speed to Y": X is compared with Y, not with FLOPs."""
    text = "With the same FLOPs and VRAM usage, FooNet achieves inference speeds comparable to U-Net."
    compared = {r for r in found(nlp, text) if r[1] == "comparedWith"}
    assert compared == {("FooNet", "comparedWith", "U-Net")}


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "We propose FooNet, a network for image classification. Our method outperforms ResNet and ViT on ImageNet.",
            {
                ("FooNet", "comparedWith", "ResNet"),
                ("FooNet", "comparedWith", "ViT"),
                ("FooNet", "evaluatedOn", "ImageNet"),
            },
        ),
        (
            "We propose FooNet for image classification. On ImageNet, the proposed model outperforms ResNet.",
            {("FooNet", "comparedWith", "ResNet"), ("FooNet", "evaluatedOn", "ImageNet")},
        ),
        (
            "We propose FooNet, a method for image classification. It outperforms ResNet on ImageNet.",
            {("FooNet", "comparedWith", "ResNet"), ("FooNet", "evaluatedOn", "ImageNet")},
        ),
        (
            "We introduce BarBench, a benchmark for code generation. We evaluate GPT-4 and Llama-2 on our benchmark.",
            {("GPT-4", "evaluatedOn", "BarBench"), ("Llama-2", "evaluatedOn", "BarBench")},
        ),
    ],
)
def test_our_method_is_what_the_paper_proposes(nlp, text, expected):
    assert expected <= found(nlp, text)


def test_the_paper_s_method_is_evaluated_on_the_datasets_of_its_experiments(nlp):
    text = "We propose FooNet for image segmentation. Extensive experiments on Cityscapes and ADE20K show its strength."
    assert {("FooNet", "evaluatedOn", "Cityscapes"), ("FooNet", "evaluatedOn", "ADE20K")} <= found(nlp, text)


@pytest.mark.parametrize(
    "text, dataset",
    [
        # a result stated with a verb of results only
        (
            "We propose MedTok, a tokenizer for health records. Swapping standard tokenizers with MedTok improves "
            "AUPRC by 4.10% on MIMIC-III.",
            "MIMIC-III",
        ),
        (
            "We propose PokeChamp, a game agent. PokeChamp attains a projected Elo of 1300 on the Pokemon Showdown "
            "ladder.",
            "Pokemon Showdown ladder",
        ),
        # a result stated as a gain
        (
            "We propose GeoRCG, a molecule generator. We observe significant quality improvements in molecule "
            "generation on the QM9 dataset.",
            "QM9",
        ),
        # data an evaluation uses is no training on it
        (
            "We propose EGPlace, a placement method. Our extensive evaluation using the ISPD2005 benchmarks "
            "demonstrates that EGPlace reduces wirelength by 10%.",
            "ISPD2005",
        ),
        # "learning" in a task's name before the data is no training on it
        (
            "We propose AID, a novel activation. We show that AID enhances reinforcement learning performance in the "
            "Arcade Learning Environment benchmark.",
            "Arcade Learning Environment",
        ),
    ],
)
def test_a_result_on_data_evaluates_the_paper_s_method_on_it(nlp, text, dataset):
    assert (text.split()[2].rstrip(","), "evaluatedOn", dataset) in found(nlp, text)


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "We propose FooNet. Experiments show that FooNet achieves the best results on image segmentation and "
            "depth estimation.",
            {("FooNet", "usedFor", "image segmentation"), ("FooNet", "usedFor", "depth estimation")},
        ),
        (
            "We propose FooNet. Extensive experiments show that FooNet outperforms prior methods in machine "
            "translation.",
            {("FooNet", "usedFor", "machine translation")},
        ),
        (
            "We propose FooNet. Our experiments across a suite of robotic manipulation tasks show strong results.",
            {("FooNet", "usedFor", "robotic manipulation tasks")},
        ),
        (
            "We propose FooNet. Experiments show consistent gains of our method compared to baselines such as "
            "LoRA and DoRA.",
            {("FooNet", "comparedWith", "LoRA"), ("FooNet", "comparedWith", "DoRA")},
        ),
        (
            "We propose FooNet. Unlike Dropout, it perturbs each layer with a different probability.",
            {("FooNet", "comparedWith", "Dropout")},
        ),
        (  # named with its kind
            "We propose FooNet for graph learning. The FooNet framework outperforms ACP.",
            {("FooNet", "comparedWith", "ACP")},
        ),
        (  # named by its short form, with the rival parsed as an adverb
            "We propose the label distribution propagation-based label completion (LDPLC) algorithm for "
            "crowdsourcing. Results on real-world datasets show that LDPLC significantly outperforms WSLC.",
            {
                (
                    "label distribution propagation-based label completion (LDPLC) algorithm",
                    "comparedWith",
                    "WSLC",
                )
            },
        ),
    ],
)
def test_the_paper_s_results_relate_its_method(nlp, text, expected):
    """Used for the tasks its experiments name, compared with what its results compare it with."""
    assert expected <= found(nlp, text)


@pytest.mark.parametrize(
    "text",
    [
        # before the method is named, the abstract speaks of others' work
        "Experiments show that LLMs achieve strong results in machine translation. We propose FooNet.",
        # what is improved or beaten, not where
        "We propose FooNet. Experiments show that FooNet outperforms in-context learning.",
        "We propose FooNet. Experiments show that FooNet improves interpretability.",
        # a verb of results describes what a method does where it names a task
        "We propose FooNet. FooNet improves sample efficiency for image segmentation.",
        # a description, not a name: often not what the results are of
        "We propose a simple framework. Experiments show that it performs well on image segmentation.",
    ],
)
def test_no_use_for_a_task_beside_the_experiments(nlp, text):
    assert not {r for r in found(nlp, text) if r[1] == "usedFor"}


@pytest.mark.parametrize(
    "text",
    [
        # another method's comparison, though the sentence has "we"
        "We propose FooNet. We also show that ResNet is provably faster than ViT.",
        # before the method is named
        "Our results show that ResNet trains faster than ViT. We propose FooNet.",
    ],
)
def test_no_comparison_of_the_paper_s_method_said_of_another(nlp, text):
    assert not {r for r in found(nlp, text) if r[0] == "FooNet" and r[1] == "comparedWith"}


def test_experiments_before_the_method_is_named_are_others(nlp):
    before = "Experiments on ImageNet show that ResNet is strong. We propose FooNet for image segmentation."
    after = "We propose FooNet for image segmentation. Experiments on ImageNet show that it is strong."
    assert ("FooNet", "evaluatedOn", "ImageNet") not in found(nlp, before)
    assert ("FooNet", "evaluatedOn", "ImageNet") in found(nlp, after)


def test_in_a_long_text_experiments_may_be_others(nlp):
    """A full text reports others' experiments too (related work, tables): the paper's method is evaluated
    on what its experiment sentences name only in an abstract."""
    abstract = "We propose FooNet for image segmentation. Extensive experiments on Cityscapes show its strength."
    filler = " ".join(f"Section {i} discusses the loss." for i in range(ABSTRACT_SENTENCES))
    assert ("FooNet", "evaluatedOn", "Cityscapes") in found(nlp, abstract)
    assert ("FooNet", "evaluatedOn", "Cityscapes") not in found(nlp, f"{abstract} {filler}")


@pytest.mark.parametrize(
    "text",
    [
        "We propose FooNet for image segmentation. Trained on ImageNet, it achieves strong results.",
        "We propose FooNet for image segmentation. In our experiments, models are pretrained on ImageNet.",
        "We propose FooNet for image segmentation. We fine-tune it on ImageNet and report results.",
        "We propose FooNet for segmentation and introduce ImageNet, a new benchmark of 10k images.",  # proposed
        "ResNet is strong. Experiments on ImageNet show gains.",  # nothing proposed
    ],
)
def test_no_evaluation_on_what_is_trained_on_or_proposed(nlp, text):
    assert not {r for r in found(nlp, text) if r[1:] == ("evaluatedOn", "ImageNet")}


@pytest.mark.parametrize(
    "text",
    [
        "ResNet is strong. Our method outperforms ViT.",  # nothing proposed: "our method" stands for nothing
        "It outperforms ViT. We propose FooNet for image classification.",  # "it" before the method is named
        "We propose BarBench, a benchmark for code generation. Our method outperforms ViT.",  # a benchmark
    ],
)
def test_our_method_without_a_proposed_method(nlp, text):
    assert not {r for r in found(nlp, text) if r[2] == "ViT"}


@pytest.mark.parametrize(
    "text",
    [
        "We propose FooNet to reduce the memory of machine translation.",  # reducing its memory is not doing it
        "We introduce FooNet to the machine translation community.",  # introduced to people, not applied to a task
    ],
)
def test_no_use_without_a_purpose(nlp, text):
    assert not {r for r in found(nlp, text) if r[1] == "usedFor"}


@pytest.mark.parametrize(
    "text",
    [
        "GRAMA relies on ImageNet.",  # resting on a dataset is not being evaluated on it
        "Graph Neural Networks (GNNs) are widely used.",  # a defined short form is not a kind of method
        "We compare a strong Transformer and Mamba, a modern RNN.",  # the apposition is said of Mamba alone
    ],
)
def test_no_relation_without_its_cue(nlp, text):
    assert not {r for r in found(nlp, text) if r[2] in {"ImageNet", "GNNs"} or r[0] == "Transformer"}


def test_examples_stand_for_their_class_but_are_no_class_of_each_other(nlp):
    relations = found(nlp, "LoRA outperforms baselines such as DoRA and QLoRA.")
    assert {("LoRA", "comparedWith", "DoRA"), ("LoRA", "comparedWith", "QLoRA")} <= relations
    assert not {r for r in relations if r[1] == "isA" and {r[0], r[2]} == {"DoRA", "QLoRA"}}


def test_relations_are_plain_data_and_docs_pickle(nlp):
    doc = nlp("LoRA outperforms DoRA on GLUE.")
    assert doc._.relations and all(isinstance(v, (int, str)) for r in doc._.relations for v in r)
    assert pickle.loads(pickle.dumps(doc))._.relations == doc._.relations


def test_our_method_is_the_name_the_title_gives(nlp):
    text = "We propose a simple regularization method. Our method outperforms SAM on ImageNet. Proxy-FDA is robust."

    def stated(title):
        _, relations, _ = extract([Paper("p", text, title=title)], nlp)
        return {(r.head.text, r.relation, r.tail.text) for r in relations}

    assert stated("Proxy-FDA: Feature Distribution Alignment for Fine-Tuning") == {
        ("Proxy-FDA", "comparedWith", "SAM"),
        ("Proxy-FDA", "evaluatedOn", "ImageNet"),
    }
    # no name before the colon: what the abstract proposes
    assert ("regularization method", "comparedWith", "SAM") in stated(
        "Beyond Sharpness: Feature Distribution Alignment"
    )
    # a name the abstract never writes, where the abstract only describes its method: the name, in the title
    _, relations, _ = extract([Paper("p", text, title="FDA-X: Feature Distribution Alignment")], nlp)
    assert {(r.head.text, r.head.in_title, r.relation, r.tail.text) for r in relations} == {
        ("FDA-X", True, "comparedWith", "SAM"),
        ("FDA-X", True, "evaluatedOn", "ImageNet"),
    }
    assert {r.head.start for r in relations} == {0}  # its offsets into the title
    # ... but a name the abstract gives its method stays what "our method" stands for
    named = "We propose FooNet, a simple regularization method. Our method outperforms SAM on ImageNet."
    _, relations, _ = extract([Paper("p", named, title="FDA-X: Feature Distribution Alignment")], nlp)
    assert {(r.head.text, r.relation, r.tail.text) for r in relations} >= {("FooNet", "comparedWith", "SAM")}
    assert not any(r.head.in_title for r in relations)


def test_it_before_the_authors_speak_is_not_the_method_only_the_title_names(nlp):
    text = (
        "Despite the popularity of LoRA, it often exhibits a noticeable performance gap compared to full fine-tuning. "
        "We merge several adapters. "
        "Our method outperforms DoRA."
    )
    _, relations, _ = extract([Paper("p", text, title="SeedX: Merging Adapters")], nlp)
    compared = {(r.head.text, r.tail.text) for r in relations if r.relation == "comparedWith"}
    assert ("SeedX", "DoRA") in compared and ("SeedX", "full fine-tuning") not in compared


def test_relations_carry_mentions_and_the_sentence_as_read(nlp):
    raw = "Deep nets are popular. Experiments on **CIFAR-10** show that `GRAMA` outperforms ResNet."
    mentions, relations, _ = extract([Paper("p", raw)], nlp)
    evaluated = next(r for r in relations if r.relation == "evaluatedOn")
    assert (evaluated.head.name, evaluated.tail.name) == ("GRAMA", "CIFAR-10")
    assert (evaluated.head.text, evaluated.tail.text) == ("`GRAMA`", "**CIFAR-10**")  # as read
    assert raw[evaluated.start : evaluated.end] == raw[raw.index("Experiments") :]
    assert evaluated.sentence == "Experiments on CIFAR-10 show that GRAMA outperforms ResNet."
    assert evaluated.head in mentions and evaluated.tail in mentions


def test_a_relation_is_evidenced_by_the_sentence_stating_it(nlp):
    mentions, relations, _ = extract(
        [Paper("p", "We propose FooNet for image classification. Our model beats ViT.")], nlp
    )
    [compared] = [r for r in relations if r.relation == "comparedWith"]
    assert (compared.head.name, compared.tail.name, compared.sentence) == ("FooNet", "ViT", "Our model beats ViT.")


def mention(paper, start, name, label):
    return Mention(paper, start, start + len(name), name, name, label, "uses", "s")


def relation(head, name, tail):
    return Relation(head.paper, head, name, tail, "s", 0, 1, "cue")


def test_resolution_orders_symmetric_pairs_and_drops_misfits():
    a, b = mention("p", 0, "GNN", "METHOD"), mention("p", 10, "GRAMA", "METHOD")
    gnns = mention("p", 20, "GNNs", "METHOD")
    task = mention("p", 30, "image classification", "TASK")
    resolution = resolve([a, b, gnns, task])
    relations = [relation(b, "comparedWith", a), relation(a, "comparedWith", gnns), relation(task, "usedFor", a)]
    [kept] = resolve_relations(relations, resolution)  # GNN = GNNs: one entity; a task is used for nothing
    assert (kept.head.entity, kept.tail.entity) == ("GNN", "GRAMA")  # the lesser key first
    assert kept.relation == "comparedWith"


def test_a_title_mention_at_an_abstract_mentions_offsets_is_another_place():
    abstract = mention("p", 0, "GRAMA", "METHOD")
    rival = mention("p", 20, "ResNet", "METHOD")
    titled = replace(mention("p", 0, "Graph", "METHOD"), in_title=True)  # the title's first word: the same offsets
    resolution = resolve([abstract, rival, titled])
    [kept] = resolve_relations([relation(abstract, "comparedWith", rival)], resolution)
    assert {kept.head.entity, kept.tail.entity} == {"GRAMA", "ResNet"}


def test_graph_edges_count_the_papers_that_state_a_relation(nlp):
    papers = [
        Paper("p1", "LoRA outperforms DoRA on GLUE."),
        Paper("p2", "Results show that LoRA outperforms DoRA."),
        Paper("p3", "We study DoRA."),
    ]
    mentions, relations, _ = extract(papers, nlp)
    resolution = resolve(mentions)
    graph = build_graph(papers, resolution, relations=resolve_relations(relations, resolution))
    [(head, tail, data)] = [e for e in graph.edges(data=True) if e[2]["relation"] == "comparedWith"]
    assert {graph.nodes[head]["name"], graph.nodes[tail]["name"]} == {"LoRA", "DoRA"}
    assert (data["papers"], data["paper_ids"], data["mentions"]) == (2, ["p1", "p2"], 2)
    assert data["sentence"] == "LoRA outperforms DoRA on GLUE." and len(data["evidence"]) == 2


def test_a_relation_between_two_methods_leaves_their_types_to_the_entities():
    doc = spacy.blank("en")("Our method improves over DPO on MT-Bench.")
    ours, dpo, bench = Span(doc, 0, 2, label="METHOD"), Span(doc, 4, 5, label="TASK"), Span(doc, 6, 9, label="DATASET")
    assert fits("comparedWith", ours, dpo) and fits("isA", dpo, ours)
    assert not fits("comparedWith", ours, Span(doc, 1, 2, label="METHOD"))  # overlapping
    assert fits("evaluatedOn", ours, bench) and not fits("evaluatedOn", dpo, bench)


def test_a_rival_the_recognizer_read_as_a_task_is_compared_where_the_build_knows_it_a_method(nlp):
    papers = [
        Paper(
            "p1",
            "It is challenging to leverage token-level reward as guidance for Direct Preference Optimization (DPO), "
            "since DPO is formulated as a sequence-level bandit problem. Experiment results demonstrate that our "
            "method achieves substantial performance improvements over DPO, with win rate gains of up to 7.5 points "
            "on MT-Bench.",
            title="TGDPO: Harnessing Token-Level Reward Guidance",
        ),
        Paper("p2", "We align language models with DPO and PPO. DPO is simpler than PPO. We fine-tune Llama with DPO."),
    ]
    mentions, relations, _ = extract(papers, nlp)
    assert {m.label for m in mentions if m.paper == "p1" and m.text == "DPO"} == {"TASK"}  # the premise
    resolution = resolve_papers(mentions, papers)
    stated = {(r.head.text, r.relation, r.tail.text) for r in resolve_relations(relations, resolution)}
    assert ("TGDPO", "comparedWith", "DPO") in stated
    assert ("TGDPO", "usedFor", "DPO") not in stated  # what the parse said of DPO as a task goes: it is no task
