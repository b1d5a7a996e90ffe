"""Extraction on small hand-made abstracts with the real pipeline (English model + trained NER + rules)."""

import pytest

from kg.corpus import Paper
from kg.nlp.labels import dataset_cue, evaluating_sentences, modifies_next, precedes_dataset_head
from kg.nlp.parse import extract_mentions
from kg.nlp.spans import covered
from kg.resolve import entity_key, resolve


def run(nlp, *abstracts):
    return extract_mentions([Paper(f"p{i}", a) for i, a in enumerate(abstracts)], nlp)


def by_text(mentions):
    """The first mention of each text."""
    found = {}
    for m in mentions:
        found.setdefault(m.text, m)
    return found


def test_methods_tasks_and_datasets(nlp):
    found = by_text(run(nlp, "We train a graph neural network for image classification on the ImageNet benchmark."))
    assert found["graph neural network"].label == "METHOD"
    assert found["image classification"].label == "TASK"
    assert any("ImageNet" in text and m.label == "DATASET" for text, m in found.items())


def test_generic_phrases_are_not_entities(nlp):
    texts = {
        m.text.lower()
        for m in run(nlp, "In this paper, our method solves the task better than existing approaches and the model.")
    }
    assert not texts & {
        "this paper",
        "paper",
        "method",
        "our method",
        "task",
        "the task",
        "existing approaches",
        "approaches",
        "model",
        "the model",
    }


def test_attention_received_is_not_the_attention_mechanism(nlp):
    texts = {
        m.text
        for m in run(
            nlp,
            "Deep hashing has gained considerable attention. Little attention has been paid to "
            "calibration. We add multi-head attention to the transformer.",
        )
    }
    assert "multi-head attention" in texts
    assert not {t for t in texts if t.endswith("attention") and t != "multi-head attention"}


def test_short_form_takes_the_long_form_label_across_the_abstract(nlp):
    mentions = run(
        nlp,
        "Graph Neural Networks (GNNs) are widely used for molecules. We show that GNNs fail on long chains, and we give each GNN a memory.",
    )
    long = [m for m in mentions if m.text.startswith("Graph Neural Networks")]
    short = [m for m in mentions if m.text in {"GNN", "GNNs"}]
    assert long and len(short) >= 2
    assert {m.label for m in short} == {long[0].label}
    assert len({m.entity for m in resolve(long + short).mentions}) == 1


def test_a_name_defined_before_its_kind_is_one_entity_with_its_short_form(nlp):
    mentions = extract_mentions(
        [
            Paper(
                "p0",
                "Parameter-efficient fine-tuning (PEFT) techniques adapt large models cheaply. We show that PEFT fails on long contexts.",
            ),
            Paper("p1", "We study parameter-efficient fine-tuning for robots."),
        ],
        nlp,
    )
    resolved = [m for m in resolve(mentions).mentions if "PEFT" in m.text or "fine-tuning" in m.text]
    assert len(resolved) == 3 and len({m.entity for m in resolved}) == 1


def test_one_label_per_name_in_an_abstract(nlp):
    mentions = run(
        nlp,
        "We propose OTTER, a novel VLA architecture. OTTER uses a policy transformer for robot control. OTTER wins.",
    )
    otter = [m for m in mentions if m.text == "OTTER"]
    assert len(otter) == 3 and {m.label for m in otter} == {"METHOD"}
    assert otter[0].role == "proposes"
    assert by_text(mentions)["policy transformer"].role == "uses"


def test_earlier_work_is_used_not_proposed(nlp):
    found = by_text(
        run(
            nlp,
            "Graph State Space Models (SSMs) have recently been introduced to enhance Graph Neural Networks. "
            "Many pruning methods have been proposed. In this paper, a new benchmark called FooBench is introduced.",
        )
    )
    assert found["Graph State Space Models"].role == found["pruning methods"].role == "uses"
    assert found["FooBench"].role == "proposes"


def test_dataset_cues(nlp):
    found = by_text(
        run(
            nlp,
            "We evaluate GRAMA on the Foo-Bar dataset and on QuuxBench, and report results on CIFAR-10 and ImageNet.",
        )
    )
    for name in ("QuuxBench", "CIFAR-10", "ImageNet"):
        assert found[name].label == "DATASET", name
    assert any(text.startswith("Foo-Bar") and m.label == "DATASET" for text, m in found.items())


def test_a_names_dataset_word_is_its_cue_not_part_of_it(nlp):
    found = by_text(run(nlp, "We evaluate GRAMA on the ImageNet benchmark and the WikiText-103 dataset."))
    assert found["ImageNet"].label == found["WikiText-103"].label == "DATASET"
    assert not {"ImageNet benchmark", "WikiText-103 dataset"} & found.keys()
    text = (
        "We evaluate GRAMA on the large-scale Open Catalyst 2020 dataset, the Adult dataset and the Quux Control Suite."
    )
    found = by_text(run(nlp, text))
    assert {"Open Catalyst 2020", "Adult", "Quux Control Suite"} <= found.keys()
    assert {found[name].label for name in ("Open Catalyst 2020", "Adult", "Quux Control Suite")} == {"DATASET"}


def test_a_name_the_tokenizer_splits_stays_whole(nlp):
    texts = {m.text for m in run(nlp, "We report accuracy on GSM8K and on CIFAR-10.")}  # spaCy reads "GSM8" + "K"
    assert "GSM8K" in texts and "GSM8" not in texts
    texts = {m.text for m in run(nlp, "To address these challenges, we propose Ex-VAD, an explainable detector.")}
    assert "Ex-VAD" in texts and "VAD" not in texts  # a capitalised prefix is part of the name


def test_what_a_sentence_compares_or_evaluates_is_a_method(nlp):
    """Names the NER has never seen, placed where only a method can be."""
    for text, names in [
        ("ZORBA outperforms KelpNet and QuillFormer on GLUE.", ["ZORBA", "KelpNet", "QuillFormer"]),
        ("Compared to KelpNet, ZORBA achieves higher accuracy.", ["KelpNet", "ZORBA"]),
        ("We evaluate ZORBA on three benchmarks.", ["ZORBA"]),
    ]:
        found = by_text(run(nlp, text))
        assert [found[n].label if n in found else None for n in names] == ["METHOD"] * len(names), text


def test_a_name_given_as_an_example_takes_the_label_of_what_it_exemplifies(nlp):
    """Unseen names after "such as", "e.g.", "including": the noun before says what they are, and a
    sentence about results does not make a listed model a dataset."""
    for text, names, label in [
        (
            "Multimodal Large Language Models (MLLMs), such as ZORBA-4 and KelpLM, mark a step forward.",
            ["ZORBA-4", "KelpLM"],
            "METHOD",
        ),
        ("Our attack transfers to closed-source models (e.g., ZORBA-4).", ["ZORBA-4"], "METHOD"),
        ("Models trained with AWL surpass strong models including ZORBA-4o in accuracy.", ["ZORBA-4o"], "METHOD"),
        ("We report accuracy on datasets such as QuuxBench and FooSet-10.", ["QuuxBench", "FooSet-10"], "DATASET"),
    ]:
        found = by_text(run(nlp, text))
        assert [found[n].label if n in found else None for n in names] == [label] * len(names), text


def test_names_listed_under_a_plural_noun_take_its_label(nlp):
    """Unseen names set under "N benchmarks, A and B", "benchmarks (A, B)", "datasets: A and B" are datasets;
    a comma sets no list under an uncounted noun, and a name after the list is not in it."""
    for text, names, label in [
        ("Experiments on two public benchmarks, QuuxBench and FooSet, show gains.", ["QuuxBench", "FooSet"], "DATASET"),
        ("We advance the state of the art on three benchmarks (QReCC, OR-QuAC, TREC CAsT).", ["OR-QuAC"], "DATASET"),
        ("ZORBA leads on three datasets: QuuxBench, FooSet and BarSet.", ["QuuxBench", "FooSet", "BarSet"], "DATASET"),
    ]:
        found = by_text(run(nlp, text))
        assert [found[n].label if n in found else None for n in names] == [label] * len(names), text
    found = by_text(run(nlp, "On three datasets, CIFAR10, CIFAR100, and ImageNet, ZORBA improves the accuracy by 6%."))
    assert found["ZORBA"].label == "METHOD"
    for text in [
        "Across all datasets, ZORBA and KelpNet outperform the baselines.",
        "Across three datasets, ZORBA and KelpNet outperform the baselines.",
    ]:
        found = by_text(run(nlp, text))
        assert [found["ZORBA"].label, found["KelpNet"].label] == ["METHOD", "METHOD"], text


def test_names_listed_after_one_the_tokenizer_split_are_read_as_the_list(nlp):
    """ "GSM8K" is two tokens ("GSM8", "K"); the list it starts is a list of datasets all the same, and a list of
    examples of models stays models however it is reached ("on RULER ... and models such as X")."""
    found = by_text(run(nlp, "Fine-tuning experiments on GSM8K, ChatDoctor, and OpenOrca show that PTST is safe."))
    assert [found[n].label for n in ("GSM8K", "ChatDoctor", "OpenOrca")] == ["DATASET"] * 3
    found = by_text(
        run(
            nlp,
            "By evaluating ShadowKV on benchmarks like RULER, LongBench, and models such as GLM-4-9B-1M, we show gains.",
        )
    )
    assert [found["RULER"].label, found["GLM-4-9B-1M"].label] == ["DATASET", "METHOD"]


def test_a_name_set_beside_a_dataset_word_is_a_dataset_whoever_found_it(nlp):
    """The recognizer's own name spans follow their apposition too ("Motion-X, a ... motion dataset"); an
    environment or simulator so set is a dataset, and so is a name after its kind word ("a dataset X")."""
    for text, name in [
        ("In this paper, we present Motion-X, a large-scale 3D expressive whole-body motion dataset.", "Motion-X"),
        ("We develop ENAMEL (EfficeNcy AutoMatic EvaLuator), a rigorous benchmark for code efficiency.", "ENAMEL"),
        ("We introduce CYCLESGYM, an RL environment based on the multi-year CGM Cycles.", "CYCLESGYM"),
        ("We present EMMA (Enhanced MultiModal reAsoning), a benchmark targeting multimodal reasoning.", "EMMA"),
        ("We introduce HELMET (How to Evaluate Long-context Models Effectively), a comprehensive benchmark.", "HELMET"),
        ("We produce a dataset BUTTONInstruct comprising 8k data points.", "BUTTONInstruct"),
    ]:
        assert by_text(run(nlp, text))[name].label == "DATASET", text


def test_a_strong_head_word_decides_the_label(nlp):
    """ "... models" is a method and "... problem" a task, whatever the NER guessed from the words before."""
    found = by_text(
        run(
            nlp,
            "Multimodal Large Language Models can solve the discrete model selection problem. "
            "We study the multi-agent linear bandit setting.",
        )
    )
    assert found["Multimodal Large Language Models"].label == "METHOD"
    assert found["discrete model selection problem"].label == "TASK"
    assert found["multi-agent linear bandit setting"].label == "TASK"


def test_acronym_clash_across_papers_keeps_entities_apart(nlp):
    mentions = run(
        nlp,
        "We solve the relaxation with semidefinite programming (SDP). In our experiments, SDP is tight.",
        "We introduce Spherical Diffusion Policy (SDP), a visuomotor policy. SDP generalizes across robots.",
        "We compare against SDP on three tasks.",
    )
    resolved = resolve(mentions).mentions
    sdp_entities = {m.paper: m.entity for m in resolved if m.text == "SDP"}
    assert sdp_entities["p0"] != sdp_entities["p1"]
    assert sdp_entities.get("p2") not in {sdp_entities["p0"], sdp_entities["p1"]}


def test_offsets_point_into_the_raw_abstract_through_markup(nlp):
    raw = (
        "We present `GL-LowPopArt`, a novel estimator for **bilinear dueling bandits** with $\\widetilde{O}(d)$ regret."
    )
    mentions = run(nlp, raw)
    assert mentions
    for m in mentions:
        assert raw[m.start : m.end] == m.text
    named = {m.name: m for m in mentions}
    assert named["GL-LowPopArt"].text == "`GL-LowPopArt`"  # the name's markup comes with it


def test_sentences_run_together_are_split(nlp):  # no space after a bracket, "%", a digit or a capital
    tokens = [t.text for t in nlp.make_doc("space (RKHS).We got 95%.We tune GPT-4.We use an LLM.Our e.g.In")]
    assert tokens == [
        *("space", "(", "RKHS", ")", ".", "We", "got", "95", "%", ".", "We", "tune", "GPT-4", ".", "We", "use"),
        *("an", "LLM", ".", "Our", "e.g.", "In"),
    ]
    abstract = (
        "Dense prediction tasks (e.g., medical image segmentation).To address them, we embed images in a reproducing "
        "kernel Hilbert space (RKHS).We prove that the RKHS embedding is stable."
    )
    mentions = run(nlp, abstract)
    texts = {m.text for m in mentions}
    assert "medical image segmentation" in texts and not any("." in t for t in texts)
    assert any(m.text == "RKHS" and m.long_form == "reproducing kernel Hilbert space" for m in mentions)


def test_a_name_at_the_end_of_a_sentence_leaves_its_full_stop(nlp):  # spaCy keeps a full stop after a capital
    mentions = run(
        nlp,
        "We pretrain a vision transformer on ImageNet-1K. It outperforms OLMo-7B. It helps in the U.S. "
        "and answers medical Q&A.",
    )
    texts = {m.text for m in mentions}
    assert {"ImageNet-1K", "OLMo-7B"} <= texts
    assert not any(t.endswith(".") for t in texts)
    assert [t.text for t in nlp.make_doc("the U.S. and J. Smith, medical Q&A. It")][:6] == [
        "the",
        "U.S.",
        "and",
        "J.",
        "Smith",
        ",",
    ]
    assert [t.text for t in nlp.make_doc("medical Q&A. It")] == ["medical", "Q&A", ".", "It"]


def test_a_name_is_not_widened_across_a_quote(nlp):
    texts = {
        m.text for m in run(nlp, 'Speculative decoding relies on an auxiliary "drafter" model, which is slow to train.')
    }
    assert all(t.count('"') % 2 == 0 for t in texts)  # 'auxiliary "drafter' was one


def test_every_name_listed_before_a_dataset_noun_is_a_dataset(nlp):
    found = by_text(
        run(
            nlp,
            "Our model improves over prior models on the Pascal-Part-116, ADE20K-Part-234, and PartImageNet datasets.",
        )
    )
    assert {text for text, m in found.items() if m.label == "DATASET"} >= {
        "Pascal-Part-116",
        "ADE20K-Part-234",
        "PartImageNet",
    }


def test_a_task_before_a_dataset_noun_stays_a_task(nlp):
    text = "Our method performs well on dialogue segmentation datasets such as DialSeg711 and TIAGE."
    found = by_text(run(nlp, text))
    assert found["DialSeg711"].label == "DATASET" and found["TIAGE"].label == "DATASET"
    doc = nlp(text)  # the model now keeps "dialogue segmentation datasets" whole: the cue is pinned on the parse
    task, name = (
        doc.char_span(text.index("dialogue"), text.index(" datasets")),
        doc.char_span(text.index("DialSeg711"), text.index(" and")),
    )
    assert not precedes_dataset_head(task) and dataset_cue(name, evaluating_sentences(doc))


def test_names_listed_before_a_word_for_models_are_methods(nlp):
    mentions = run(
        nlp,
        "Extensive experiments across Llama, Qwen and Gemma model families show that our method aligns larger ones. "
        "We also evaluate on Llama 3 8B and Mistral models. Llama is strong.",
    )
    assert {m.label for m in mentions if m.text in {"Llama", "Qwen"}} == {"METHOD"}
    assert len([m for m in mentions if m.text == "Llama"]) == 2
    assert [m.label for m in mentions if m.text == "Llama 3 8B"] == ["METHOD"]  # a model's whole name


def test_a_kind_of_data_alone_is_no_dataset(nlp):
    texts = {
        m.text
        for m in run(
            nlp,
            "Multimodal models handle diverse inputs such as images, audio, and video. "
            "We train on natural language and evaluate on ImageNet.",
        )
    }
    assert "ImageNet" in texts and not texts & {"images", "audio", "video", "natural language"}


def test_a_modifier_cut_off_its_noun_is_no_mention(nlp):
    texts = {
        m.text
        for m in run(
            nlp,
            "The training costs of LLMs hinder the development of next-generation LLMs. "
            "Starting from a pre-trained LLM, LLMOPT builds a formulation for ridgeless, "
            "high-dimensional regression.",
        )
    }
    assert {"LLMs", "LLMOPT"} <= texts and any(t.endswith("LLM") for t in texts)
    assert not texts & {"next-generation", "pre-trained", "ridgeless"}


def test_a_lower_case_modifier_is_told_by_what_it_modifies(nlp):
    """The rule behind the test above, on the parse: the model may or may not leave such a modifier alone."""
    text = (
        "Starting from a pre-trained LLM, we compare next-generation LLMs with fine-tuning LLMs and GPT-4 embeddings."
    )
    doc = nlp(text)

    def span(words: str, after: int = 0):
        start = text.index(words, after)
        return doc.char_span(start, start + len(words))

    llm, llms, embeddings = span("LLM"), span("LLMs"), span("embeddings")
    assert modifies_next(span("pre-trained"), covered([llm])) and modifies_next(
        span("next-generation"), covered([llms])
    )
    assert not modifies_next(span("fine-tuning"), covered([span("LLMs", text.index("fine"))]))
    assert not modifies_next(span("GPT-4"), covered([embeddings]))


def test_a_hyphenated_name_is_what_the_noun_after_it_says(nlp):
    found = by_text(
        run(
            nlp,
            "Vision-Language-Action (VLA) models aim to predict robotic actions based on visual "
            "observations. Many video-to-audio (VTA) methods have been proposed for dubbing silent videos.",
        )
    )
    vla = next(
        m for m in found.values() if "Vision-Language-Action" in m.text
    )  # the model may keep "(VLA) models" in it
    vla_forms = {text: m.label for text, m in found.items() if "VLA" in text}  # the long form, and VLA alone if apart
    assert vla.label == "METHOD" and set(vla_forms.values()) == {"METHOD"}
    assert resolve([vla]).mentions[0].entity == entity_key("Vision-Language-Action")
    mentions = run(nlp, "Many text-to-speech (TTS) methods have been proposed. Yet TTS remains hard.")
    tts = [m for m in mentions if "TTS" in m.text]  # methods for a task: "X-to-Y" names the task, and so does TTS
    assert len(tts) == 2 and {m.label for m in tts} == {"TASK"}


def test_what_a_task_is_called_is_a_task_unless_it_is_a_capitalised_name(nlp):
    found = by_text(
        run(
            nlp,
            "Multiple-choice question answering (MCQA) is a key competence of language models. "
            "We use Connectionist Temporal Classification (CTC) for alignment.",
        )
    )
    assert found["Multiple-choice question answering"].label == "TASK" and found["MCQA"].label == "TASK"
    assert found["Connectionist Temporal Classification"].label == "METHOD"


def test_a_long_forms_head_word_decides_its_names_label(nlp):
    found = by_text(
        run(
            nlp,
            "To evaluate MLLMs, we propose the Multimodal OverSenSitivity Benchmark (MOSSBench). "
            "Empirical studies using MOSSBench on 20 MLLMs reveal several insights.",
        )
    )
    assert found["Multimodal OverSenSitivity Benchmark"].label == "DATASET" and found["MOSSBench"].label == "DATASET"


def test_referring_words_and_trailing_pronouns_are_left_out(nlp):
    texts = {
        m.text
        for m in run(
            nlp,
            "The resulting model, CodeSteer, beats alternative approaches and Gemma-2-9b-it. "
            "We predict their performance on each task without fine-tuning them.",
        )
    }
    assert {"CodeSteer", "Gemma-2-9b-it"} <= texts  # trailing pronouns: test_terms.py
    assert not texts & {"resulting model", "alternative approaches", "fine-tuning them"}


def test_a_mention_ends_at_a_dash_between_phrases(nlp):
    found = by_text(
        run(nlp, "To this end, we propose Matchmaker - a compositional language model program for schema matching.")
    )
    assert found["Matchmaker"].role == "proposes"
    assert not any(" - " in text for text in found)


def test_a_code_address_is_not_an_entity(nlp):
    texts = {m.text for m in run(nlp, "We propose U-DiT. Codes are available at https://github.com/YuchuanTian/U-DiT")}
    assert "U-DiT" in texts and not any("github" in t for t in texts)
    # a Markdown link, which the tokenizer cuts after the host: the rest is no name either
    mentions = run(nlp, "We propose DiMA. Code is released at [GitHub](https://github.com/Meshchaninov/Spaced-DiMA)")
    assert [(m.text, m.start) for m in mentions] == [("DiMA", 11)]


def test_the_name_given_right_after_a_proposed_method_is_proposed(nlp):
    found = by_text(
        run(
            nlp,
            "To mitigate this bias, we propose a training-free feature calibration method, Unsupervised "
            "Multi-domain Feature Calibration (UMFC). UMFC estimates biases. We compare it with LoRA, BERT and CLIP.",
        )
    )
    assert found["Unsupervised Multi-domain Feature Calibration"].role == "proposes"
    assert found["LoRA"].role == "uses"


@pytest.mark.parametrize(
    "text, proposed, used",
    [
        (
            "In this paper, we address this limitation by introducing SafeDiffuser, a method to equip diffusion "
            "models with safety guarantees. Performance can be improved by introducing dropout into GPT-2.",
            ["SafeDiffuser"],
            ["dropout", "GPT-2"],
        ),
        (  # the parser makes FlexTok the subject of "ordered"
            "We introduce FlexTok, a tokenizer that projects 2D images into variable-length, ordered 1D token "
            "sequences. Earlier works propose LoRA.",
            ["FlexTok"],
            ["LoRA"],
        ),
        (  # a name given to what the authors explore; a technique "called" by its common noun is others'
            "To sidestep these trade-offs, we explore a retrieval-augmented approach tailored for score "
            "distillation, dubbed ReDream. We regularize it with a technique called dropout.",
            ["ReDream"],
            ["dropout"],
        ),
        (  # what a group the authors introduce is of
            "To derive the gradient, we introduce a set of BD estimators and connect it with the policy gradient "
            "theorem. We train a set of agents with PPO.",
            ["BD estimators"],
            ["PPO"],
        ),
        (  # a name "we" give, however the verb is attached; the model "we call" is no name given
            "We call this architecture PointNetST. We present a novel distributed algorithm, which we refer to as "
            "H-LINUCB, wherein agents cooperate. The proposed method – which we call preconditioned hidden "
            "gradient descent – hinges on a scheme. We use this observation to develop an alternative algorithm we call "
            "Functional SAM, which regularizes curvature only through the statistics of the function. "
            "We call GPT-4 through its API.",
            ["PointNetST", "H-LINUCB", "preconditioned hidden gradient descent", "Functional SAM"],
            ["GPT-4"],
        ),
        (  # a name given after a proposal in its sentence ("termed" a conjunct of "introduce"), or to the authors'
            # own thing; after "our main contribution is"; after a colon
            "We introduce a novel data-driven field reconstruction framework, termed the Physics-aligned "
            "Schrödinger Bridge. Our proposed class of architectures, referred to as Steinmetz Neural Networks, "
            "incorporates multi-view learning. Our main contribution is Matryoshka Representation Learning. We "
            "introduce a novel prompting strategy: Self-Guiding Exploration. Prior methods rely on a regularization "
            "heuristic, termed gradient norm clipping.",
            [
                "Physics-aligned Schrödinger Bridge",
                "Steinmetz Neural Networks",
                "Matryoshka Representation Learning",
                "Self-Guiding Exploration",
            ],
            ["gradient norm clipping"],
        ),
    ],
)
def test_what_the_authors_introduce_is_proposed_however_parsed(nlp, text, proposed, used):
    """What the authors do something "by introducing", what comes right after "we introduce", the name they
    give a thing ("dubbed X", "which we call X", "termed X" after a proposal), what "our main contribution is"
    and what a group they introduce is of."""
    found = by_text(run(nlp, text))
    assert [found[name].role for name in proposed + used] == ["proposes"] * len(proposed) + ["uses"] * len(used)


def test_hardware_is_not_an_entity(nlp):
    texts = {
        m.text
        for m in run(nlp, "Our method runs on consumer GPUs and a single A100 GPU, and outperforms LoRA on a CPU.")
    }
    assert "LoRA" in texts and not any("GPU" in t or "CPU" in t for t in texts)


def test_a_defined_long_form_is_one_mention_however_the_model_cut_it(nlp):
    texts = [
        m.text
        for m in run(
            nlp, "For the Denoising Diffusion Probabilistic Model (DDPM), we show that the DDPM sampler adapts."
        )
    ]
    assert "Denoising Diffusion Probabilistic Model" in texts and "Denoising Diffusion" not in texts
    mentions = run(nlp, "SPACE leverages Mixture of Experts (MoE) framework to capture relationships. MoE helps.")
    moe = [
        m for m in mentions if "Mixture" in m.text or m.text == "MoE"
    ]  # "Mixture of Experts (MoE) framework" or its parts
    assert "Mixture" not in {m.text for m in moe} and len({m.entity for m in resolve(moe).mentions}) == 1
    # a part of the long form: the model left out "Flexible", the rules trimmed "large"
    texts = [
        m.text
        for m in run(nlp, "Hard problems (HPs), such as the Flexible Job-Shop Scheduling Problem (FJSP), need care.")
    ]
    assert "Flexible Job-Shop Scheduling Problem" in texts and "Job-Shop Scheduling Problem" not in texts
    texts = [
        m.text
        for m in run(
            nlp,
            "Although large language models (LLMs) have shown promise in code understanding, "
            "type inference remains hard.",
        )
    ]
    assert "large language models" in texts and "language models" not in texts


def test_a_proposed_name_is_a_method_unless_said_to_be_a_task(nlp):
    found = by_text(
        run(
            nlp,
            "We propose SEmaNtically Sensible ExploratIon (SENSEI), a framework to equip agents with "
            "curiosity. SENSEI wins. We also introduce FooTask, a new task for household robots.",
        )
    )
    assert found["SENSEI"].label == "METHOD" and found["SENSEI"].role == "proposes"
    assert found["FooTask"].label == "TASK"


def test_a_short_form_keeps_its_whole_long_form_when_the_model_cut_the_span(nlp):
    """The model reads "Human Feedback (RLHF) framework" alone; RLHF still stands for the whole long form."""
    mentions = run(nlp, "In the classical Reinforcement Learning from Human Feedback (RLHF) framework, PPO is used.")
    assert {m.long_form for m in mentions if m.name == "RLHF"} == {"Reinforcement Learning from Human Feedback"}
    entities = {m.name: m.entity for m in resolve(mentions).mentions}
    assert entities["RLHF"] == entity_key("Reinforcement Learning from Human Feedback")


def test_a_short_form_stands_for_the_long_form_its_initials_start(nlp):
    """A span holding modifiers before the long form ("robust") does not make them part of what SF means."""
    mentions = run(
        nlp,
        "We study robust reinforcement learning (RL) methods under model mismatch. "
        "Classical RL fails when the simulator is wrong, and Low-Rank Adaptation (LoRA) is used.",
    )
    long_forms = {m.text: m.long_form for m in mentions if m.long_form}
    assert long_forms.get("RL") == "reinforcement learning"
    assert long_forms.get("LoRA") == "Low-Rank Adaptation"


def test_names_in_quotes_are_found_and_a_list_after_on_makes_them_datasets(nlp):
    found = by_text(
        run(
            nlp,
            "Tree of Thoughts improves reasoning on ``Game of 24'', ``Mini-Crosswords'' and \"Creative Writing\".",
            'We call this the "Curse of Depth" and propose "LayerNorm Scaling", a normalization method.',
        )
    )
    for name in ("``Game of 24''", "``Mini-Crosswords''", '"Creative Writing"'):
        assert name not in found  # the quotes are not part of the mention
    assert {n: found[n].label for n in ("Game of 24", "Mini-Crosswords", "Creative Writing")} == dict.fromkeys(
        ("Game of 24", "Mini-Crosswords", "Creative Writing"), "DATASET"
    )
    assert found["LayerNorm Scaling"].label == "METHOD"
    assert "Curse of Depth" not in found  # nothing says what it is


def test_a_model_fine_tuned_on_a_benchmark_is_still_a_method(nlp):
    mentions = run(nlp, "We fine-tune Gemma-2-2B and RoBERTa on GSM8K and evaluate them on MT-Bench.")
    labels = {e.name: e.label for e in resolve(mentions).entities.values()}
    assert labels["Gemma-2-2B"] == labels["RoBERTa"] == "METHOD"
    assert labels["GSM8K"] == labels["MT-Bench"] == "DATASET"


def test_a_capitalised_name_is_not_cut_at_its_preposition(nlp):
    found = by_text(
        run(nlp, "Tree of Thoughts improves reasoning.", "We build on Mixture of Experts and Segment Anything.")
    )
    assert "Tree of Thoughts" in found and "Mixture of Experts" in found
    assert "Tree" not in found and "Tree of" not in found


def test_a_model_named_with_spaces_is_found_whole(nlp):
    found = by_text(run(nlp, "We fine-tune Gemini 1.5 Flash, Llama 3.1 8B and Claude 3.5 Sonnet on MMLU."))
    for name in ("Gemini 1.5 Flash", "Llama 3.1 8B", "Claude 3.5 Sonnet"):
        assert found[name].label == "METHOD", name
    assert "Sonnet" not in found and "Gemini" not in found


def test_names_listed_with_labelled_names_take_their_label(nlp):
    mentions = run(
        nlp,
        "We evaluate on WebShop, ALFWorld, and HotpotQA, outperforming ReAct and Reflexion.",
        "Popular optimizers such as SGD, AdamW, and Lion are compared. Results on AlpacaEval 2 and Arena-Hard v0.1.",
    )
    labels = {e.name: e.label for e in resolve(mentions).entities.values()}
    assert {n: labels.get(n) for n in ("HotpotQA", "Lion", "Arena-Hard v0.1", "Reflexion")} == {
        "HotpotQA": "DATASET",
        "Lion": "METHOD",
        "Arena-Hard v0.1": "DATASET",  # "AlpacaEval 2" is a benchmark's name, whatever the recognizer said
        "Reflexion": None,  # one name beside one other, written as any capitalised word is: too little to say
    }


def test_a_list_is_left_alone_where_it_is_no_list_of_names(nlp):
    found = by_text(
        run(
            nlp,
            "In this model, proposed by Cohen-Addad, Lattanzi, Maggiori, and Parotsidis (ICML 2024), we use LoRA.",
            "We propose Forget and Grow (FoG), a new deep RL algorithm.",
            "Strong returns on the Japan, China, US and UK markets.",
            "We train a 1B and 3B Ladder Transformer and report results on Gemma-2-2B and 9B.",
            "Results on cell segmentation datasets, as quantified by DICE, MPA, mIoU, and FwIoU metrics.",
        )
    )
    for name in ("Lattanzi", "Maggiori", "Parotsidis", "Grow", "Japan", "China", "1B", "9B", "mIoU", "FwIoU"):
        assert name not in found, name


def test_names_after_improvements_over_are_compared_not_datasets(nlp):
    found = by_text(run(nlp, "Experiments show that FooNet achieves consistent improvements over ResNet and ViT."))
    assert found["ResNet"].label == "METHOD" and found["ViT"].label == "METHOD"


def test_names_given_as_examples_of_baselines_are_methods(nlp):
    found = by_text(run(nlp, "LoRA outperforms strong baselines such as DoRA and QLoRA."))
    assert found["DoRA"].label == "METHOD" and found["QLoRA"].label == "METHOD"


def test_a_kind_of_robustness_or_fairness_is_a_task_the_property_alone_is_nothing(nlp):
    found = by_text(
        run(
            nlp,
            "We study the adversarial robustness of graph neural networks.",
            "We address certified robustness and counterfactual fairness of classifiers.",
            "Our method improves model robustness and empirical robustness.",
        )
    )
    for name in ("adversarial robustness", "certified robustness", "counterfactual fairness"):
        assert found[name].label == "TASK", name
    assert not {"model robustness", "empirical robustness", "robustness"} & set(found)
