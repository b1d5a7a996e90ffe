"""Every word list the pipeline's rules read, apart from the logic that reads them (as in scispaCy's
hearst_patterns); part of the parse cache's fingerprint (kg.nlp.fingerprint). What follows the parse has its own
lists in kg.lexicon; those shared by the two are written once, here: GENERIC_NOUNS_SHARED, VAGUE_SHARED,
KIND_LABELS, DATASET_HEADS, TASK_HEADS."""

from __future__ import annotations

# fmt: off

# Terms and labels (kg.nlp.terms, kg.nlp.labels, kg.nlp.spans).
METHOD_HEADS = {
    "model", "network", "method", "algorithm", "architecture", "framework", "approach", "transformer", "encoder",
    "decoder", "autoencoder", "estimator", "optimizer", "mechanism", "technique", "scheme", "procedure", "policy",
    "attention", "embedding", "learning", "sampler", "sampling", "descent", "kernel", "classifier",
    "regularization", "distillation", "pruning", "quantization", "tuning", "fine-tuning", "finetuning", "diffusion",
    "search", "solver", "backbone", "module", "layer", "agent", "heuristic", "strategy", "bandit", "process",
    "programming", "inference", "augmentation", "adapter", "head", "loss", "objective", "bottleneck", "filter",
    "gradient", "machine", "tree", "forest", "perceptron", "lstm", "rnn", "cnn", "gan", "vae", "llm", "mlp",
    "pipeline", "system", "protocol", "prompting", "decoding", "operator", "transform", "mixture", "ensemble",
    "gnn", "vlm", "mllm", "lmm", "lvlm", "dnn", "vla",
}
TASK_HEADS = {
    "classification", "detection", "segmentation", "generation", "recognition", "prediction", "translation",
    "clustering", "retrieval", "forecasting", "reasoning", "summarization", "answering", "parsing", "tracking",
    "planning", "control", "synthesis", "captioning", "localization", "completion", "discovery", "identification",
    "alignment", "matching", "reconstruction", "navigation", "manipulation", "editing", "imputation", "ranking",
    "recommendation", "extraction", "labeling", "tagging", "understanding", "modeling", "modelling", "task",
    "problem", "compression", "denoising", "restoration", "verification", "attribution", "explanation",
    "interpretability", "unlearning", "adaptation", "generalization", "transfer", "exploration", "optimization",
    "optimisation", "regression", "coding", "inpainting", "estimation",
}
DATASET_HEADS = {"dataset", "datasets", "benchmark", "corpus", "suite", "testbed", "leaderboard", "treebank"}
# What a name set beside it is a dataset for, though alone the word is vague ("CYCLESGYM, an RL environment").
APPOSED_DATASET_NOUNS = {"environment", "simulator"}
# Nouns too vague to name an entity alone, for the rules (GENERIC_HEADS) and for the graph (GENERIC_NOUNS).
GENERIC_NOUNS_SHARED = {
    "algorithm", "approach", "architecture", "benchmark", "dataset", "framework", "inference", "learning",
    "mechanism", "method", "model", "module", "pipeline", "problem", "procedure", "process", "strategy", "system",
    "task", "technique", "understanding",
}
# Heads too vague to be an entity on their own ("the model", "our method", "this problem").
GENERIC_HEADS = GENERIC_NOUNS_SHARED | {
    "adaptation", "agent", "alignment", "coding", "completion", "control", "corpus", "embedding", "estimation",
    "explanation", "exploration", "extraction", "filter", "generalization", "generation", "gradient", "head",
    "kernel", "layer", "loss", "matching", "modeling", "modelling", "network", "objective", "operator",
    "optimisation", "optimization", "policy", "prediction", "reasoning", "scheme", "search", "suite", "transfer",
    "tree", "verification",
}
# Words that say nothing about which entity is meant, for the rules (GENERIC_MODIFIERS) and for the graph
# (VAGUE_WORDS).
VAGUE_SHARED = {
    "alternative", "baseline", "broad", "challenging", "classical", "common", "conventional", "different",
    "diverse", "effective", "efficient", "existing", "extensive", "general", "important", "key", "large", "major",
    "many", "modern", "multiple", "new", "novel", "numerous", "other", "popular", "previous", "prior", "proposed",
    "recent", "resulting", "several", "simple", "small", "specific", "standard", "such", "traditional",
    "underlying", "unified", "various", "wide",
}
# Trimmed from the start of a span.
GENERIC_MODIFIERS = VAGUE_SHARED | {
    "additional", "advanced", "all", "any", "based", "best", "better", "both", "central", "certain", "classic",
    "competitive", "core", "corresponding", "critical", "crucial", "current", "cutting-edge", "difficult", "each",
    "emerging", "entire", "every", "few", "first", "fundamental", "further", "generic", "given", "good",
    "innovative", "less", "main", "more", "most", "naive", "off-the-shelf", "open", "original", "particular",
    "powerful", "principled", "promising", "respective", "robust", "same", "significant", "so-called", "some",
    "sophisticated", "sota", "state-of-the-art", "strong", "superior", "typical", "used", "vanilla", "well",
    "well-known", "whole", "widely",
}
# Words that point back at something named elsewhere: "existing approaches", "such models".
REFERRING_WORDS = {"existing", "previous", "prior", "proposed", "such", "other", "current", "aforementioned", "above"}
CALLING_VERBS = {"call", "name", "dub", "term", "coin"}
COINING_VERBS = {"term", "dub", "coin"}  # their object is a name ("we term it X"); not so "call" ("call an API")
# Words before the name a thing is given ("a new class of encoders, termed PARADISE", "namely CPN"), and the
# words that say the thing is the authors' own ("our proposed class of architectures, referred to as X").
NAMING_WORDS = {"called", "termed", "dubbed", "named", "coined", "titled", "namely"}
REFERRED_AS = ("refer", "to", "as")  # lemmas: "referred to as X", "which we refer to as X"
AUTHOR_NAMING_VERBS = CALLING_VERBS | {"refer"}  # "which we call X", "we name our method as X", "we refer to it as X"
OWN_THING_WORDS = {"our", "proposed", "novel", "new"}
EVALUATE_VERBS = [
    "evaluate", "test", "benchmark", "validate", "assess", "run",
]  # not "train": trained on is not evaluated on
BEAT_VERBS = ["outperform", "surpass", "beat", "exceed", "outcompete", "rival", "outmatch"]
GAIN_NOUNS = ["improvement", "gain", "advantage", "speedup", "speed-up", "margin"]  # "X achieves gains over Y"
COMPARED_TO = ["to", "with", "against"]  # "compared to Y", "we compare X with Y"
IMPROVED_OVER = ["over", "upon"]  # "X improves upon Y", "gains over Y"
VERSUS = ["versus", "vs", "vs."]
# "X is comparable to Y", "X achieves performance competitive with Y", "X performs on par with Y"
LIKE_WORDS = ["comparable", "competitive", "similar", "par", "superior", "inferior"]
CONTRAST_PREPOSITIONS = ["unlike"]  # "Unlike Y, X needs no labels"
MATCHED_NOUNS = ["performance", "accuracy", "quality"]  # "X matches the performance of Y"
COMPARING_WORDS = {*GAIN_NOUNS, "improve", "superiority", "edge"}  # "improvements over X" names no dataset
SCORING_VERBS = {"achieve", "attain", "obtain", "reach", "yield"}  # "X achieves higher accuracy"
EVALUATION_WORDS = {
    "experiment", "evaluation", "evaluate", "result", "test", "benchmark", "dataset", "perform", "performance",
    "train", "outperform", "achieve", "accuracy", "study", "show", "demonstrate", "conduct", "improvement", "gain",
    "score",
}
LIST_WORDS = {",", "and", "or", "the", "as", "well"}
LIST_SEPARATORS = {",", "and", "or"}  # between the names of a list
LIST_CUES = {"on", "across", "over", "including", "like", "such"}
EXAMPLE_PREPOSITIONS = ["like", "including", "as"]  # "Y like X", "Y including X", "Y such as X"
EXAMPLE_CUES = {*EXAMPLE_PREPOSITIONS, "e.g.", "e.g", "eg", "especially", "notably"} - {"as"}  # "as" only after "such"
STRONG_HEADS = {
    "model": "METHOD", "algorithm": "METHOD", "architecture": "METHOD", "method": "METHOD", "approach": "METHOD",
    "framework": "METHOD", "technique": "METHOD", "llm": "METHOD", "classifier": "METHOD", "task": "TASK",
    "problem": "TASK", "setting": "TASK", "scenario": "TASK", "dataset": "DATASET", "benchmark": "DATASET",
    "corpus": "DATASET",
}
# What a task is called ("multiple-choice question answering", "weather forecasting"), unless the words are a
# capitalised name ("Connectionist Temporal Classification", "Conformal Anomaly Detection" are methods).
TASK_NOUNS = {
    "answering", "summarization", "translation", "captioning", "recognition", "detection", "segmentation",
    "classification", "retrieval", "forecasting",
}
INTEREST_VERBS = {
    "attract", "receive", "gain", "garner", "draw", "pay", "get", "spur", "deserve", "devote", "give", "bring",
    "warrant", "merit", "shift", "turn", "direct", "focus",
}
MODEL_HEADS = {"model", "llm", "family", "series", "backbone"}
BASELINE_NOUNS = {"baseline", "competitor"}  # what "baselines such as X" gives as examples are methods
# Metrics, as abstracts write them: what a researcher lists is what they measure, not the measure ("84.1%
# accuracy", "F1"). A name written only so is no entity (kg.resolve), and a list holding one lists metrics.
# Properties a paper studies as its problem when it names a kind of them: "adversarial robustness", "certified
# robustness", "counterfactual fairness" are tasks (ANNOTATION.md); "model robustness" is a property.
STUDIED_PROPERTIES = {"robustness", "fairness"}
PROPERTY_DEGREES = {"empirical", "theoretical", "improved", "enhanced", "degraded", "overall", "higher", "lower"}
METRIC_NAMES = {
    "FID", "FVD", "KID", "IS", "LPIPS", "PSNR", "SSIM", "mIoU", "IoU", "FwIoU", "MPA", "DICE", "Dice", "BLEU",
    "ROUGE", "ROUGE-L", "METEOR", "CIDEr", "BERTScore", "CLIPScore", "NMI", "ARI", "Purity", "AUC", "AUROC",
    "AUPRC", "F1", "F1 score", "RMSE", "MSE", "NDCG", "MRR", "WER", "CER", "ECE", "mAP", "BPD", "FLOPs", "FLOPS",
}
HARDWARE = {"gpu", "gpus", "cpu", "cpus", "tpu", "tpus", "npu", "npus", "fpga", "fpgas", "ram", "ssd", "ssds"}
# A kind of data named alone ("images, audio, and video", "trained on natural language") is no dataset.
MODALITIES = {"audio", "image", "images", "video", "videos", "text", "texts", "speech", "natural language", "language"}
DANGLING_PRONOUNS = {"it", "them", "they", "us", "we"}  # "fine-tuning them" (but "Gemma-2-9b-it")
DASHES = {"-", "--", "—", "–"}

# Proposal cues (kg.nlp.roles).
PROPOSAL_VERBS = [
    "propose", "introduce", "present", "develop", "design", "devise", "contribute", "release", "construct", "build",
    "curate", "create",
]
AUTHOR_SUBJECTS = ["we", "paper", "work", "study", "article"]
PROPOSED_DETERMINERS = {"a", "an", "the", "our"}  # between "we propose" and what it proposes
# "we introduce a set of BD estimators": what the authors propose is what the group is of.
GROUP_NOUNS = {"set", "family", "class", "suite", "collection", "series", "pair", "couple"}
# "X has been proposed", "X was recently introduced": somebody else's earlier work.
EARLIER_WORK_WORDS = {"have", "recently", "previously", "already", "widely", "extensively", "traditionally"}

# Relation cues (kg.nlp.relations).
# "X solves Y", "we propose X to address Y": what X is for
PURPOSE_VERBS = [
    "address", "solve", "tackle", "enable", "achieve", "facilitate", "perform", "support", "accelerate", "automate",
]
USE_VERBS = [
    "use", "apply", "employ", "leverage", "adopt", "exploit", "utilize", "utilise", "deploy", "adapt", "tailor",
]
FINDING_VERBS = ["show", "demonstrate", "indicate", "reveal", "confirm", "suggest", "verify", "validate", "highlight"]
FINDINGS = ["experiment", "result", "evaluation", "study", "analysis", "test", "benchmark", "comparison"]
# A sentence with one of these reports the paper's own experiments: its method is evaluated on the datasets the
# sentence names ("Experiments on Y show ...", "achieves state-of-the-art results on Y and Z"), unless it is
# trained on them.
OWN_EXPERIMENT_WORDS = {
    "experiment", "result", "evaluation", "evaluate", "test", "comparison", "outperform", "surpass", "achieve",
    "accuracy", "performance", "state-of-the-art", "sota", "benchmark",
}
# Verbs that report a result on data where they name it ("improves AUPRC by 4.10% on MIMIC-III", "attains an Elo of
# 1300 on the Pokémon Showdown ladder"), but describe what a method does where they name a task ("enhancing sample
# efficiency for continuous control"): the paper's experiments' datasets only (kg.nlp.relations).
RESULT_VERBS = {"improve", "attain", "obtain", "exceed", "boost"}
RESULT_WORDS = RESULT_VERBS | set(GAIN_NOUNS)  # a sentence with one reports results on the data it names
# What uses data to evaluate, not to train: "our evaluation using ISPD2005 shows", "experiments using ImageNet".
EVALUATING_WORDS = {*EVALUATE_VERBS, "evaluation", "experiment", "validation", "assessment"}
# Beginnings of the words that train on data: "trained", "pretraining", "fine-tune" (whose "tune" is a token).
TRAINING_STEMS = ("train", "pretrain", "pre-train", "finetun", "fine-tun", "tune", "tuning", "distil", "learn", "curat")
CLASS_ARTICLES = ["a", "an"]
ON = ["on", "across", "over"]
# Where a task is done in a sentence of results: "in program synthesis", "on reasoning tasks", "for drug design",
# "applied to protein fitness prediction", "tasks including VQA", "tasks such as X".
DONE_IN_PREPOSITIONS = {*ON, "in", "for", "to", "including", "as", "like"}
RESTING_VERBS = [  # "X relies on Y" says nothing of how X does on Y
    "focus", "rely", "depend", "build", "base", "operate", "concentrate", "center", "centre", "hinge", "draw",
    "act", "condition", "elaborate", "sit", "lie", "run", "work",
]

# Results (kg.nlp.results): the metrics a number can be reported in, by the key kg.nlp.results.metric_key makes
# ("pass@k" for "pass@1"); those where less is better; the words that make a number a change.
RESULT_METRICS = {
    "accuracy", "accuracy rate", "top-1 accuracy", "top-5 accuracy", "zero-shot accuracy", "few-shot accuracy", "test accuracy",
    "exact match", "precision", "recall", "f1", "f1 score", "f1-score", "macro-f1", "micro-f1", "f-score",
    "bleu", "bleu score", "rouge", "rouge-l", "meteor", "cider", "perplexity", "ppl", "error", "error rate",
    "word error rate", "wer", "cer", "success rate", "attack success rate", "asr", "asr@k", "win rate",
    "length-controlled win rate", "lc win rate", "pass rate", "solve rate", "pass@k", "auc", "auroc", "auprc",
    "iou", "miou", "dice", "fid", "fvd", "inception score", "psnr", "ssim", "lpips", "ndcg", "ndcg@k",
    "mrr", "hits@k", "recall@k", "speedup", "latency", "throughput", "memory", "memory usage", "memory footprint",
    "inference time", "training time", "runtime", "wall-clock time", "cost", "communication cost", "energy",
    "reward", "return", "regret", "mse", "mae", "rmse", "nll", "negative log-likelihood", "correlation",
    "spearman correlation", "pearson correlation", "hallucination rate", "score", "elo", "bits per dimension",
    "compression ratio", "sample efficiency", "data efficiency", "citation f1", "performance", "task success", "flops",
}
CASED_METRICS = {"mAP", "AP", "IS", "EM"}  # metrics whose names are words too: only as written so
NOT_METRICS = {  # what the recognizer calls a metric that is a setting
    "confidence interval", "confidence intervals", "probability", "sparsity", "ratio", "pruning ratio", "zero-shot",
    "few-shot", "one-shot",
}
LOWER_IS_BETTER = {
    "perplexity", "ppl", "error", "error rate", "word error rate", "wer", "cer", "fid", "fvd", "lpips", "latency",
    "memory", "memory usage", "memory footprint", "inference time", "training time", "runtime", "wall-clock time",
    "cost", "communication cost", "energy", "regret", "mse", "mae", "rmse", "nll", "negative log-likelihood",
    "hallucination rate", "bits per dimension",
}
CHANGE_NOUNS = {
    "improvement", "gain", "increase", "boost", "reduction", "decrease", "drop", "speedup", "speed-up", "margin",
    "advantage", "lift", "uplift", "enhancement", "saving",
}
CHANGE_VERBS = {
    "improve", "increase", "boost", "raise", "enhance", "lift", "reduce", "decrease", "lower", "cut", "drop",
    "outperform", "surpass", "beat", "exceed", "accelerate", "speed",
}
CONDITION_MARKS = {"if", "when", "whenever", "unless"}  # a clause they open states a setting, not a result
FASTER_WORDS = {"faster", "lower", "less", "fewer", "smaller", "higher", "more", "greater", "better"}
OWN_RESULT_VERBS = {
    "achieve", "attain", "obtain", "reach", "get", "set", "improve", "boost", "reduce", "deliver", "demonstrate", "show",
    "report", "showcase", "yield", "result", "reveal", "exhibit",
}
METRIC_QUALIFIERS = {"average", "mean", "overall", "absolute", "relative", "the", "a", "an", "its", "their"}
METRIC_WORDS = {"metric", "metrics", "score", "scores"}  # "AUROC metric" is AUROC
RESULT_PREPOSITIONS = {"on", "in", "across", "for"}
TASK_PREPOSITIONS = {"on", "across", "for"}  # "an improvement in code generation" is one in a metric, mostly
RANGE_WORDS = {"-", "–", "to", "~", "∼"}  # "by 2.5% to 20%": a range, no one result
LIST_GLUE = {",", "and", "or", ";", "the", *RESULT_PREPOSITIONS}  # "4.1% on A, 5.2% on B and 6% on the C"

# Abbreviations (kg.nlp.abbreviations): words a long form may have that its initials skip.
SKIPPABLE_WORDS = {"of", "and", "for", "from", "the", "in", "on", "with", "to", "a", "an", "by", "via"}

# Titles (kg.nlp.title_names, kg.titles).
# Words that make what a title says before its colon a phrase, not a name ("STAMP Your Content", "DPO Meets
# PPO", "Beyond CVaR", "Parameters vs FLOPs").
TITLE_PHRASE_WORDS = SKIPPABLE_WORDS | {*VERSUS} | {
    "your", "our", "my", "you", "we", "beyond", "towards", "toward", "meets", "meet", "done", "is", "are", "not",
    "all", "when", "why", "how", "what", "where", "at", "as", "or",
}

# Kind words and names (kg.nlp.relations, kg.nlp.model_names, kg.nlp.spans; KIND_LABELS kg.resolve and
# kg.titles too).
# The label a kind word after a name says: "pruning methods" is the method "pruning", "editing tasks" the task.
KIND_LABELS = {
    "model": "METHOD", "method": "METHOD", "framework": "METHOD", "approach": "METHOD", "algorithm": "METHOD",
    "technique": "METHOD", "architecture": "METHOD", "task": "TASK", "problem": "TASK", "dataset": "DATASET",
    "benchmark": "DATASET",
}
# "our method", "the proposed framework", "our benchmark" (relation cues, kg.nlp.relations): the paper's own
# contribution, of the label the noun says.
OWN_WORDS = {"our", "proposed"}
AUTHOR_PRONOUNS = {"we", "our"}  # a sentence with one speaks of the paper's own work ("we find", "our results")
OWN_KINDS = KIND_LABELS | {
    "system": "METHOD", "pipeline": "METHOD", "strategy": "METHOD", "scheme": "METHOD", "solution": "METHOD",
    "estimator": "METHOD", "network": "METHOD", "agent": "METHOD", "policy": "METHOD", "suite": "DATASET",
    "corpus": "DATASET",
}
# Families of models: a name whose first word starts with one is a method, whatever its sentence made it
# ("fine-tune Gemma-2-2B on X" reads like a dataset to the recognizer). kg.nlp.model_names.named_label.
MODEL_FAMILIES = {
    "gpt", "chatgpt", "llama", "gemma", "qwen", "mistral", "mixtral", "claude", "gemini", "phi", "deepseek",
    "vicuna", "falcon", "pythia", "olmo", "bloom", "rwkv", "mamba", "llava", "bert", "roberta", "deberta",
    "albert", "electra", "t5", "bart", "vit", "resnet", "vgg", "alexnet", "xgboost", "lightgbm", "catboost",
    "whisper", "wav2vec", "dall-e", "dinov2",
}
# A part of a name that makes it a benchmark: "MT-Bench", "BIG-Bench Hard", "AlpacaEval", "Chatbot Arena".
BENCHMARK_PARTS = ("Bench", "Eval", "Arena")
# Prepositions inside a capitalised name: "Tree of Thoughts", "Mixture of Experts" (kg.nlp.spans).
NAME_PREPOSITIONS = {"of", "for", "on", "in", "with", "to"}
# What follows a model family's name in a model's name: "Gemini 1.5 Flash", "Claude 3.5 Sonnet", "Mistral 7B
# Instruct v0.2" (kg.nlp.terms.model_name_spans; versions and sizes are matched by their shape).
MODEL_VARIANT_WORDS = {
    "pro", "flash", "instruct", "sonnet", "opus", "haiku", "turbo", "mini", "nano", "ultra", "chat", "base",
    "large", "small", "medium", "xl", "xxl", "lite", "plus", "max", "coder", "math", "vision", "it",
}
