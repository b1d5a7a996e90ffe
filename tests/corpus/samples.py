"""Input samples in six published formats, the records a reader should make of them, and broken variants.

Every paper here is invented. Each SAMPLE_<FMT> is the full text of one file in the exact field layout its
source publishes (the JSON ones are built with json.dumps from the dicts below, so they are valid JSON by
construction); each EQUIVALENT_<FMT> is the list of plain records written by hand from that sample, with
the keys id, title, abstract, authors, url, venue, year, doi and arxiv ("" when there is none, year None).

Rules the equivalents follow:
- title and author names: whitespace runs collapsed to one space, stripped; the abstract exactly as the
  source's field holds it, except where the format's rule builds it (OpenAlex, GROBID TEI).
- doi: bare (no https://doi.org/, http://dx.doi.org/ or doi: prefix) and lowercased; arxiv: the bare id
  without the "arXiv:" prefix or version suffix.
- arXiv: authors from authors_parsed as "first last[ suffix]", url https://arxiv.org/abs/<id>, venue
  "arXiv", year of versions[0].created, arxiv = id.
- OpenAlex: id without https://openalex.org/, title = display_name, the abstract rebuilt from
  abstract_inverted_index (words at their positions, joined by single spaces), authors from
  authorships[].author.display_name, venue and url from primary_location (source.display_name and
  landing_page_url, "" when null), year = publication_year.
- Semantic Scholar: id = paperId, venue = venue or else publicationVenue.name, doi and arxiv from
  externalIds.
- OpenReview v1 and v2: id = note id, the content fields (v2: their .value), year = UTC year of pdate when
  present and not null, else of cdate, url https://openreview.net/forum?id=<forum>.
- BibTeX: id = citation key; title and authors with braces removed and accents decoded, "Last, First"
  turned round; the abstract exactly as written between its outer braces; venue = booktitle, else
  journal (@string macros expanded); arxiv = eprint when archivePrefix is arXiv.
- GROBID TEI: id = file name without .tei.xml; the abstract is the full text: the <p>s of
  profileDesc/abstract, then per body <div> its <head> and its <p>s, each paragraph's text (ref text
  included) with whitespace collapsed, joined by blank lines; formulas, figures, notes and <back> left out.
"""

from __future__ import annotations

import json


def _jsonl(records: list[dict], *, ensure_ascii: bool = False, compact: bool = False) -> str:
    """One JSON object a line, each line ending in a newline."""
    separators = (",", ":") if compact else (", ", ": ")
    return "".join(json.dumps(r, ensure_ascii=ensure_ascii, separators=separators) + "\n" for r in records)


# --------------------------------------------------------------------------------------------------------
# arXiv metadata snapshot (Kaggle "arxiv-metadata-oai-snapshot.json"): JSON Lines, compact, ASCII-escaped.
# Abstracts begin with two spaces, break lines with "\n" and end with one; long titles break with "\n  ".
# The `authors` string keeps arXiv's TeX accents; authors_parsed holds [last, first, suffix] in Unicode.
# --------------------------------------------------------------------------------------------------------

_ABS_ARXIV_1 = (
    "  We propose SparseRouter, a transformer whose attention layers route each\n"
    "token to a small set of learned memory slots, which reduces the cost of\n"
    "self-attention from quadratic to $O(n \\log n)$ in the sequence length. On the\n"
    "arXiv and PubMed summarization benchmarks, SparseRouter improves ROUGE-L by\n"
    "1.8 points over Longformer while using 40% less GPU memory. On the SCROLLS\n"
    "benchmark it matches LongT5-Base with a third of the parameters.\n"
)
_ABS_ARXIV_2 = (
    "  Graph neural networks (GNNs) for molecular property prediction are limited by\n"
    "the scarcity of labelled molecules. We introduce ConfAlign, a contrastive\n"
    "pretraining scheme that aligns 2D graph views with 3D conformer views of the\n"
    "same molecule. Pretrained on 2 million molecules from PubChem and fine-tuned on\n"
    "MoleculeNet, ConfAlign improves the average ROC-AUC on eight classification\n"
    "tasks by 3.4 points over GraphMVP and reduces the RMSE on ESOL by 11%.\n"
)
_ABS_ARXIV_3 = (
    "  We study pool-based active learning for structured prediction, where each\n"
    "label is a sequence rather than a single class. We propose a query strategy\n"
    "that selects the sentences whose structured margin under a max-margin Markov\n"
    "network is smallest. On the CoNLL-2000 chunking task and the CoNLL-2003 named\n"
    "entity recognition task, our strategy reaches the F1 score of full supervision\n"
    "with 35% of the labelled sentences, outperforming uncertainty sampling and\n"
    "random selection.\n"
)

_ARXIV_1 = {
    "id": "2403.04417",
    "submitter": "Zoë Kravitz",
    "authors": 'Zo\\"e Kravitz, Stephan G\\"unnemann, Martin L. Okafor Jr',
    "title": "Sparse Routing Transformers for Long-Document\n  Summarization",
    "comments": "12 pages, 4 figures; code at https://github.com/zkravitz/sparse-router",
    "journal-ref": None,
    "doi": None,
    "report-no": None,
    "categories": "cs.CL cs.LG",
    "license": "http://creativecommons.org/licenses/by/4.0/",
    "abstract": _ABS_ARXIV_1,
    "versions": [
        {"version": "v1", "created": "Thu, 7 Mar 2024 16:02:11 GMT"},
        {"version": "v2", "created": "Mon, 15 Apr 2024 09:30:45 GMT"},
    ],
    "update_date": "2024-04-16",
    "authors_parsed": [["Kravitz", "Zoë", ""], ["Günnemann", "Stephan", ""], ["Okafor", "Martin L.", "Jr"]],
}
_ARXIV_2 = {
    "id": "2312.17892",
    "submitter": "Haruto Sato",
    "authors": "Haruto Sato, Am\\'elie Durand and Rahul Menon",
    "title": "ConfAlign: Contrastive Pretraining of Graph Neural Networks on 2D and 3D\n  Molecular Views",
    "comments": "Accepted by IEEE TNNLS",
    "journal-ref": "IEEE Trans. Neural Netw. Learn. Syst. 35 (2024) 8121-8133",
    "doi": "10.1109/TNNLS.2024.3356789",
    "report-no": None,
    "categories": "cs.LG q-bio.BM",
    "license": "http://arxiv.org/licenses/nonexclusive-distrib/1.0/",
    "abstract": _ABS_ARXIV_2,
    "versions": [
        # v1 is from the last days of 2023: the year is 2023, not that of v2 or update_date.
        {"version": "v1", "created": "Fri, 29 Dec 2023 23:41:07 GMT"},
        {"version": "v2", "created": "Tue, 9 Jan 2024 10:03:52 GMT"},
    ],
    "update_date": "2024-01-10",
    "authors_parsed": [["Sato", "Haruto", ""], ["Durand", "Amélie", ""], ["Menon", "Rahul", ""]],
}
_ARXIV_3 = {
    "id": "cs/0611082",
    "submitter": "Peter Whitfield",
    "authors": "Ingrid L{\\o}v{\\aa}s and Peter J. Whitfield",
    "title": "Margin-Based Active Learning for Structured Output Spaces",
    "comments": "8 pages, 3 figures",
    "journal-ref": None,
    "doi": None,
    "report-no": None,
    "categories": "cs.LG cs.CL",
    "license": None,
    "abstract": _ABS_ARXIV_3,
    "versions": [{"version": "v1", "created": "Fri, 17 Nov 2006 14:22:51 GMT"}],
    "update_date": "2007-05-23",
    "authors_parsed": [["Løvås", "Ingrid", ""], ["Whitfield", "Peter J.", ""]],
}

SAMPLE_ARXIV: str = _jsonl([_ARXIV_1, _ARXIV_2, _ARXIV_3], ensure_ascii=True, compact=True)

EQUIVALENT_ARXIV: list[dict] = [
    {
        "id": "2403.04417",
        "title": "Sparse Routing Transformers for Long-Document Summarization",
        "abstract": _ABS_ARXIV_1,
        "authors": ["Zoë Kravitz", "Stephan Günnemann", "Martin L. Okafor Jr"],
        "url": "https://arxiv.org/abs/2403.04417",
        "venue": "arXiv",
        "year": 2024,
        "doi": "",
        "arxiv": "2403.04417",
    },
    {
        "id": "2312.17892",
        "title": "ConfAlign: Contrastive Pretraining of Graph Neural Networks on 2D and 3D Molecular Views",
        "abstract": _ABS_ARXIV_2,
        "authors": ["Haruto Sato", "Amélie Durand", "Rahul Menon"],
        "url": "https://arxiv.org/abs/2312.17892",
        "venue": "arXiv",
        "year": 2023,
        "doi": "10.1109/tnnls.2024.3356789",
        "arxiv": "2312.17892",
    },
    {
        "id": "cs/0611082",
        "title": "Margin-Based Active Learning for Structured Output Spaces",
        "abstract": _ABS_ARXIV_3,
        "authors": ["Ingrid Løvås", "Peter J. Whitfield"],
        "url": "https://arxiv.org/abs/cs/0611082",
        "venue": "arXiv",
        "year": 2006,
        "doi": "",
        "arxiv": "cs/0611082",
    },
]


# --------------------------------------------------------------------------------------------------------
# OpenAlex works: JSON Lines as the snapshot holds them (UTF-8, not escaped), and one API page of the same
# three works. Abstracts exist only as abstract_inverted_index: word -> positions, words split at spaces
# with their punctuation ("FreqKD,"), keys in order of first occurrence.
# --------------------------------------------------------------------------------------------------------

_ABS_OPENALEX_1 = (
    "We propose FreqKD, a knowledge distillation method that transfers the frequency spectrum of teacher "
    "attention maps to a compact student. On ImageNet, a DeiT-Tiny student trained with FreqKD reaches 76.4% "
    "top-1 accuracy and outperforms ResNet-50 by 2.1% top-1 accuracy at one fifth of the FLOPs. Used as a "
    "detection backbone, the student improves Mask R-CNN on COCO by 1.3 box AP. Ablations show that the "
    "high-frequency components of the attention maps carry most of the transferable knowledge."
)
_ABS_OPENALEX_2 = (
    "Offline reinforcement learning agents often overestimate the value of actions that are rare in the "
    "dataset. We present EnsDistill, which distills an ensemble of Q-functions into a single network that "
    "predicts both a value and its uncertainty. On the D4RL locomotion and AntMaze benchmarks, EnsDistill "
    "outperforms CQL and IQL on 11 of 15 tasks while being four times faster at inference than the ensemble. "
    "The predicted uncertainty is well calibrated, with an expected calibration error of 0.04."
)
_ABS_OPENALEX_3 = (
    "Large language models for code often produce programs that fail on edge cases. We propose ExecRAG, a "
    "retrieval-augmented generator that retrieves similar solved problems and refines its output with "
    "feedback from executing unit tests. On HumanEval and MBPP, ExecRAG raises the pass@1 of CodeLlama-7B "
    "from 33.5% to 45.1% and from 41.4% to 52.0%, respectively. Retrieval and execution feedback are "
    "complementary: removing either one costs more than 5 points of pass@1."
)

# The inverted indexes as OpenAlex serves them (the words above at their positions).
_INDEX_OPENALEX_1 = json.loads(
    '{"We":[0],"propose":[1],"FreqKD,":[2],"a":[3,17,22,47],"knowledge":[4],"distillation":[5],'
    '"method":[6],"that":[7,63],"transfers":[8],"the":[9,43,50,64,68,74],"frequency":[10],'
    '"spectrum":[11],"of":[12,42,67,73],"teacher":[13],"attention":[14,69],"maps":[15,70],"to":[16],'
    '"compact":[18],"student.":[19],"On":[20],"ImageNet,":[21],"DeiT-Tiny":[23],"student":[24,51],'
    '"trained":[25],"with":[26],"FreqKD":[27],"reaches":[28],"76.4%":[29],"top-1":[30,37],'
    '"accuracy":[31,38],"and":[32],"outperforms":[33],"ResNet-50":[34],"by":[35,57],"2.1%":[36],'
    '"at":[39],"one":[40],"fifth":[41],"FLOPs.":[44],"Used":[45],"as":[46],"detection":[48],'
    '"backbone,":[49],"improves":[52],"Mask":[53],"R-CNN":[54],"on":[55],"COCO":[56],"1.3":[58],'
    '"box":[59],"AP.":[60],"Ablations":[61],"show":[62],"high-frequency":[65],"components":[66],'
    '"carry":[71],"most":[72],"transferable":[75],"knowledge.":[76]}'
)
_INDEX_OPENALEX_2 = json.loads(
    '{"Offline":[0],"reinforcement":[1],"learning":[2],"agents":[3],"often":[4],"overestimate":[5],'
    '"the":[6,14,38,62],"value":[7,33],"of":[8,23,51,75],"actions":[9],"that":[10,29],"are":[11],'
    '"rare":[12],"in":[13],"dataset.":[15],"We":[16],"present":[17],"EnsDistill,":[18],"which":[19],'
    '"distills":[20],"an":[21,71],"ensemble":[22],"Q-functions":[24],"into":[25],"a":[26,32],'
    '"single":[27],"network":[28],"predicts":[30],"both":[31],"and":[34,41,47],"its":[35],'
    '"uncertainty.":[36],"On":[37],"D4RL":[39],"locomotion":[40],"AntMaze":[42],"benchmarks,":[43],'
    '"EnsDistill":[44],"outperforms":[45],"CQL":[46],"IQL":[48],"on":[49],"11":[50],"15":[52],'
    '"tasks":[53],"while":[54],"being":[55],"four":[56],"times":[57],"faster":[58],"at":[59],'
    '"inference":[60],"than":[61],"ensemble.":[63],"The":[64],"predicted":[65],"uncertainty":[66],'
    '"is":[67],"well":[68],"calibrated,":[69],"with":[70],"expected":[72],"calibration":[73],'
    '"error":[74],"0.04.":[76]}'
)
_INDEX_OPENALEX_3 = json.loads(
    '{"Large":[0],"language":[1],"models":[2],"for":[3],"code":[4],"often":[5],"produce":[6],'
    '"programs":[7],"that":[8,19],"fail":[9],"on":[10],"edge":[11],"cases.":[12],"We":[13],'
    '"propose":[14],"ExecRAG,":[15],"a":[16],"retrieval-augmented":[17],"generator":[18],'
    '"retrieves":[20],"similar":[21],"solved":[22],"problems":[23],"and":[24,36,48,55],"refines":[25],'
    '"its":[26],"output":[27],"with":[28],"feedback":[29,57],"from":[30,44,49],"executing":[31],'
    '"unit":[32],"tests.":[33],"On":[34],"HumanEval":[35],"MBPP,":[37],"ExecRAG":[38],"raises":[39],'
    '"the":[40],"pass@1":[41],"of":[42,68],"CodeLlama-7B":[43],"33.5%":[45],"to":[46,51],"45.1%":[47],'
    '"41.4%":[50],"52.0%,":[52],"respectively.":[53],"Retrieval":[54],"execution":[56],"are":[58],'
    '"complementary:":[59],"removing":[60],"either":[61],"one":[62],"costs":[63],"more":[64],"than":[65],'
    '"5":[66],"points":[67],"pass@1.":[69]}'
)


def _oa_authorship(
    position: str,
    author: str,
    name: str,
    raw_name: str,
    orcid: str | None = None,
    institution: tuple[str, str, str, str] | None = None,
    corresponding: bool = False,
) -> dict:
    """One OpenAlex authorship; institution is (OpenAlex id, display name, ROR id, country code)."""
    institutions: list[dict] = []
    affiliations: list[dict] = []
    if institution is not None:
        inst, inst_name, ror, country = institution
        institutions = [
            {
                "id": f"https://openalex.org/{inst}",
                "display_name": inst_name,
                "ror": f"https://ror.org/{ror}",
                "country_code": country,
                "type": "education",
                "lineage": [f"https://openalex.org/{inst}"],
            }
        ]
        affiliations = [{"raw_affiliation_string": inst_name, "institution_ids": [f"https://openalex.org/{inst}"]}]
    return {
        "author_position": position,
        "author": {
            "id": f"https://openalex.org/{author}",
            "display_name": name,
            "orcid": None if orcid is None else f"https://orcid.org/{orcid}",
        },
        "institutions": institutions,
        "countries": [i["country_code"] for i in institutions],
        "is_corresponding": corresponding,
        "raw_author_name": raw_name,
        "raw_affiliation_strings": [a["raw_affiliation_string"] for a in affiliations],
        "affiliations": affiliations,
    }


_TSINGHUA = ("I4210132187", "Tsinghua University", "0a3bk9x71", "CN")
_TUM = ("I4210119843", "Technical University of Munich", "0b7fz2q64", "DE")
_UCHILE = ("I4210127716", "Universidad de Chile", "0c9td5m82", "CL")
_ETH = ("I4210104458", "ETH Zurich", "0d2hw6p19", "CH")
_KTH = ("I4210111029", "KTH Royal Institute of Technology", "0e4nv8r35", "SE")

_OA_LOCATION_1 = {
    "is_oa": False,
    "landing_page_url": "https://doi.org/10.1109/tpami.2024.3371234",
    "pdf_url": None,
    "source": {
        "id": "https://openalex.org/S4210199012",
        "display_name": "IEEE Transactions on Pattern Analysis and Machine Intelligence",
        "issn_l": "0162-8828",
        "issn": ["0162-8828", "1939-3539"],
        "is_oa": False,
        "is_in_doaj": False,
        "is_core": True,
        "host_organization": "https://openalex.org/P4310319808",
        "host_organization_name": "Institute of Electrical and Electronics Engineers",
        "host_organization_lineage": ["https://openalex.org/P4310319808"],
        "host_organization_lineage_names": ["Institute of Electrical and Electronics Engineers"],
        "type": "journal",
    },
    "license": None,
    "license_id": None,
    "version": "publishedVersion",
    "is_accepted": True,
    "is_published": True,
}
# A proceedings page OpenAlex has no source for: source is null, the landing page is still known.
_OA_LOCATION_2 = {
    "is_oa": True,
    "landing_page_url": "https://proceedings.mlr.press/v139/okafor21a.html",
    "pdf_url": "http://proceedings.mlr.press/v139/okafor21a/okafor21a.pdf",
    "source": None,
    "license": None,
    "license_id": None,
    "version": "publishedVersion",
    "is_accepted": True,
    "is_published": True,
}
_OA_LOCATION_3 = {
    "is_oa": True,
    "landing_page_url": "https://arxiv.org/abs/2402.11873",
    "pdf_url": "https://arxiv.org/pdf/2402.11873",
    "source": {
        "id": "https://openalex.org/S4306400194",
        "display_name": "arXiv (Cornell University)",
        "issn_l": None,
        "issn": None,
        "is_oa": True,
        "is_in_doaj": False,
        "is_core": False,
        "host_organization": "https://openalex.org/I205783295",
        "host_organization_name": "Cornell University",
        "host_organization_lineage": ["https://openalex.org/I205783295"],
        "host_organization_lineage_names": ["Cornell University"],
        "type": "repository",
    },
    "license": "cc-by",
    "license_id": "https://openalex.org/licenses/cc-by",
    "version": "submittedVersion",
    "is_accepted": False,
    "is_published": False,
}

_OPENALEX_1 = {
    "id": "https://openalex.org/W4391234567",
    "doi": "https://doi.org/10.1109/tpami.2024.3371234",
    "title": "Frequency-Aware Knowledge Distillation for Compact Vision Transformers",
    "display_name": "Frequency-Aware Knowledge Distillation for Compact Vision Transformers",
    "publication_year": 2024,
    "publication_date": "2024-03-05",
    "ids": {"openalex": "https://openalex.org/W4391234567", "doi": "https://doi.org/10.1109/tpami.2024.3371234"},
    "language": "en",
    "primary_location": _OA_LOCATION_1,
    "type": "article",
    "type_crossref": "journal-article",
    "indexed_in": ["crossref"],
    "open_access": {"is_oa": False, "oa_status": "closed", "oa_url": None, "any_repository_has_fulltext": False},
    "authorships": [
        _oa_authorship("first", "A5023456781", "Wei Zhang", "Wei Zhang", "0000-0002-7741-3390", _TSINGHUA),
        _oa_authorship("middle", "A5001928374", "Stephan Günnemann", "S. Günnemann", None, _TUM),
        _oa_authorship("last", "A5088172635", "Lucía Fernández", "Lucía Fernández", None, _UCHILE, True),
    ],
    "countries_distinct_count": 3,
    "institutions_distinct_count": 3,
    "corresponding_author_ids": ["https://openalex.org/A5088172635"],
    "corresponding_institution_ids": ["https://openalex.org/I4210127716"],
    "apc_list": None,
    "apc_paid": None,
    "fwci": 4.812,
    "has_fulltext": False,
    "cited_by_count": 37,
    "biblio": {"volume": "46", "issue": "8", "first_page": "5521", "last_page": "5534"},
    "is_retracted": False,
    "is_paratext": False,
    "locations_count": 1,
    "locations": [_OA_LOCATION_1],
    "best_oa_location": None,
    "referenced_works_count": 3,
    "referenced_works": [
        "https://openalex.org/W2194775991",
        "https://openalex.org/W3094502228",
        "https://openalex.org/W3170863103",
    ],
    "related_works": [],
    "abstract_inverted_index": _INDEX_OPENALEX_1,
    "cited_by_api_url": "https://api.openalex.org/works?filter=cites:W4391234567",
    "counts_by_year": [{"year": 2025, "cited_by_count": 21}, {"year": 2024, "cited_by_count": 16}],
    "updated_date": "2025-01-10T08:14:22.117350",
    "created_date": "2024-03-06",
}
_OPENALEX_2 = {
    "id": "https://openalex.org/W3171234567",
    "doi": None,
    "title": "Calibrated Uncertainty for Offline Reinforcement Learning via Ensemble Distillation",
    "display_name": "Calibrated Uncertainty for Offline Reinforcement Learning via Ensemble Distillation",
    "publication_year": 2021,
    "publication_date": "2021-07-18",
    "ids": {"openalex": "https://openalex.org/W3171234567", "mag": "3171234567"},
    "language": "en",
    "primary_location": _OA_LOCATION_2,
    "type": "article",
    "type_crossref": "proceedings-article",
    "indexed_in": [],
    "open_access": {
        "is_oa": True,
        "oa_status": "green",
        "oa_url": "http://proceedings.mlr.press/v139/okafor21a/okafor21a.pdf",
        "any_repository_has_fulltext": True,
    },
    "authorships": [
        _oa_authorship("first", "A5064738291", "Martin Okafor", "Martin L. Okafor", "0000-0003-1234-5678", _ETH),
        _oa_authorship("middle", "A5010293847", "Zoë Kravitz", "Zoe Kravitz"),
        _oa_authorship("last", "A5047382910", "Chen Li", "Chen Li", None, _TSINGHUA, True),
    ],
    "countries_distinct_count": 2,
    "institutions_distinct_count": 2,
    "corresponding_author_ids": [],
    "corresponding_institution_ids": [],
    "apc_list": None,
    "apc_paid": None,
    "fwci": None,
    "has_fulltext": True,
    "fulltext_origin": "pdf",
    "cited_by_count": 52,
    "biblio": {"volume": "139", "issue": None, "first_page": "8145", "last_page": "8157"},
    "is_retracted": False,
    "is_paratext": False,
    "locations_count": 1,
    "locations": [_OA_LOCATION_2],
    "best_oa_location": _OA_LOCATION_2,
    "referenced_works_count": 0,
    "referenced_works": [],
    "related_works": [],
    "abstract_inverted_index": _INDEX_OPENALEX_2,
    "cited_by_api_url": "https://api.openalex.org/works?filter=cites:W3171234567",
    "counts_by_year": [{"year": 2023, "cited_by_count": 19}, {"year": 2022, "cited_by_count": 25}],
    "updated_date": "2024-12-02T19:40:05.532118",
    "created_date": "2021-08-02",
}
_OPENALEX_3 = {
    "id": "https://openalex.org/W4392345678",
    "doi": "https://doi.org/10.48550/arxiv.2402.11873",
    "title": "Retrieval-Augmented Code Generation with Execution Feedback",
    "display_name": "Retrieval-Augmented Code Generation with Execution Feedback",
    "publication_year": 2024,
    "publication_date": "2024-02-19",
    "ids": {"openalex": "https://openalex.org/W4392345678", "doi": "https://doi.org/10.48550/arxiv.2402.11873"},
    "language": "en",
    "primary_location": _OA_LOCATION_3,
    "type": "preprint",
    "type_crossref": "posted-content",
    "indexed_in": ["arxiv", "datacite"],
    "open_access": {
        "is_oa": True,
        "oa_status": "green",
        "oa_url": "https://arxiv.org/pdf/2402.11873",
        "any_repository_has_fulltext": True,
    },
    "authorships": [
        _oa_authorship("first", "A5091827364", "Ayşe Yılmaz", "Ayşe Yılmaz", None, _KTH),
        _oa_authorship("middle", "A5028374651", "Jonas Bäckström", "Jonas Bäckström", "0000-0001-9988-7766", _KTH),
        _oa_authorship("last", "A5073645182", "Priya Natarajan", "Priya Natarajan", None, _ETH),
    ],
    "countries_distinct_count": 2,
    "institutions_distinct_count": 2,
    "corresponding_author_ids": [],
    "corresponding_institution_ids": [],
    "apc_list": None,
    "apc_paid": None,
    "fwci": None,
    "has_fulltext": False,
    "cited_by_count": 4,
    "biblio": {"volume": None, "issue": None, "first_page": None, "last_page": None},
    "is_retracted": False,
    "is_paratext": False,
    "locations_count": 1,
    "locations": [_OA_LOCATION_3],
    "best_oa_location": _OA_LOCATION_3,
    "referenced_works_count": 0,
    "referenced_works": [],
    "related_works": ["https://openalex.org/W4388123456"],
    "abstract_inverted_index": _INDEX_OPENALEX_3,
    "cited_by_api_url": "https://api.openalex.org/works?filter=cites:W4392345678",
    "counts_by_year": [{"year": 2024, "cited_by_count": 4}],
    "updated_date": "2025-02-14T03:27:51.906234",
    "created_date": "2024-02-21",
}

SAMPLE_OPENALEX: str = _jsonl([_OPENALEX_1, _OPENALEX_2, _OPENALEX_3])
SAMPLE_OPENALEX_PAGE: str = json.dumps(
    {
        "meta": {"count": 3, "db_response_time_ms": 41, "page": 1, "per_page": 25, "groups_count": None},
        "results": [_OPENALEX_1, _OPENALEX_2, _OPENALEX_3],
        "group_by": [],
    },
    ensure_ascii=False,
)

EQUIVALENT_OPENALEX: list[dict] = [
    {
        "id": "W4391234567",
        "title": "Frequency-Aware Knowledge Distillation for Compact Vision Transformers",
        "abstract": _ABS_OPENALEX_1,
        "authors": ["Wei Zhang", "Stephan Günnemann", "Lucía Fernández"],
        "url": "https://doi.org/10.1109/tpami.2024.3371234",
        "venue": "IEEE Transactions on Pattern Analysis and Machine Intelligence",
        "year": 2024,
        "doi": "10.1109/tpami.2024.3371234",
        "arxiv": "",
    },
    {
        "id": "W3171234567",
        "title": "Calibrated Uncertainty for Offline Reinforcement Learning via Ensemble Distillation",
        "abstract": _ABS_OPENALEX_2,
        "authors": ["Martin Okafor", "Zoë Kravitz", "Chen Li"],
        "url": "https://proceedings.mlr.press/v139/okafor21a.html",
        "venue": "",
        "year": 2021,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "W4392345678",
        "title": "Retrieval-Augmented Code Generation with Execution Feedback",
        "abstract": _ABS_OPENALEX_3,
        "authors": ["Ayşe Yılmaz", "Jonas Bäckström", "Priya Natarajan"],
        "url": "https://arxiv.org/abs/2402.11873",
        "venue": "arXiv (Cornell University)",
        "year": 2024,
        "doi": "10.48550/arxiv.2402.11873",
        "arxiv": "",
    },
]


# --------------------------------------------------------------------------------------------------------
# Semantic Scholar Graph API paper records (fields=paperId,externalIds,url,title,abstract,venue,
# publicationVenue,year,authors): JSON Lines, and the same as one search response page.
# --------------------------------------------------------------------------------------------------------

_ABS_S2_1 = (
    "Video transformers spend most of their computation on redundant tokens from static background regions. "
    "We propose Temporal Token Merging (TTM), a training-free module that merges similar tokens across "
    "neighbouring frames inside each transformer block. Applied to TimeSformer and VideoMAE, TTM reduces the "
    "FLOPs by 45% with an accuracy drop below 0.3% top-1 on Kinetics-400. On Something-Something v2, TTM with "
    "fine-tuning even improves top-1 accuracy by 0.4%."
)
_ABS_S2_2 = (
    "Tabular foundation models such as TabPFN promise strong accuracy without dataset-specific tuning, but "
    "their robustness to distribution shift is unknown. We introduce ShiftTab, a benchmark of 24 "
    "classification datasets with natural temporal and geographic shifts. Across the benchmark, TabPFN "
    "outperforms XGBoost in-distribution but loses 6.2 points of accuracy under shift, against 3.1 points for "
    "XGBoost. Input normalization and ensembling over feature permutations recover half of the gap."
)
_ABS_S2_3 = (
    "Continual instruction tuning of large language models suffers from catastrophic forgetting of earlier "
    "tasks. We show that low-rank adaptation (LoRA) forgets markedly less than full fine-tuning, and we "
    "propose OrthoAdapt, which keeps each new adapter orthogonal to the previous ones. Fine-tuned on a "
    "sequence of 15 tasks, LLaMA-2-7B with OrthoAdapt retains 94% of its initial MMLU accuracy, compared with "
    "71% for full fine-tuning.\nThe method adds less than 1% parameters per task."
)

_S2_1 = {
    "paperId": "8f3c2a91d4e6b7a05c1f9e2d3b4a5c6d7e8f9a0b",
    "externalIds": {
        "DBLP": "conf/cvpr/NakamuraKL23",
        "ArXiv": "2303.09876",
        "DOI": "10.1109/CVPR52729.2023.01502",
        "CorpusId": 257622013,
    },
    "url": "https://www.semanticscholar.org/paper/8f3c2a91d4e6b7a05c1f9e2d3b4a5c6d7e8f9a0b",
    "title": "Temporal Token Merging for Efficient Video Recognition",
    "abstract": _ABS_S2_1,
    "venue": "Computer Vision and Pattern Recognition",
    "publicationVenue": {
        "id": "768b87bd-8a24-4d5a-a5b4-0c1c9c7e1f8e",
        "name": "Computer Vision and Pattern Recognition",
        "type": "conference",
        "alternate_names": ["CVPR", "Comput Vis Pattern Recognit"],
        "issn": "1063-6919",
        "url": "https://ieeexplore.ieee.org/xpl/conhome.jsp?punumber=1000147",
    },
    "year": 2023,
    "authors": [
        {"authorId": "2144567890", "name": "Kenji Nakamura"},
        {"authorId": "1456789012", "name": "Zoë Kravitz"},
        {"authorId": "2109876543", "name": "Björn Lindqvist"},
    ],
}
# `venue` is empty: the venue is publicationVenue.name. No DOI, no arXiv id; one author without an id.
_S2_2 = {
    "paperId": "c41d07e2a9b3f58e6d1c2b4a7f9e0d3c5b8a6f21",
    "externalIds": {"DBLP": "journals/tmlr/FerreiraMO24", "CorpusId": 268412377},
    "url": "https://www.semanticscholar.org/paper/c41d07e2a9b3f58e6d1c2b4a7f9e0d3c5b8a6f21",
    "title": "Benchmarking Tabular Foundation Models under Distribution Shift",
    "abstract": _ABS_S2_2,
    "venue": "",
    "publicationVenue": {
        "id": "4ed0e5f5-2d4a-4bc3-8d4c-1b3f3a7f5e21",
        "name": "Transactions on Machine Learning Research",
        "type": "journal",
        "alternate_names": ["Trans. Mach. Learn. Res.", "TMLR"],
        "issn": "2835-8856",
        "url": "https://jmlr.org/tmlr/",
    },
    "year": 2024,
    "authors": [
        {"authorId": None, "name": "Tomás Ferreira"},
        {"authorId": "2283746501", "name": "Hanna Müller"},
        {"authorId": "1738291045", "name": "Kwame Osei"},
    ],
}
# An arXiv-only paper: publicationVenue is null, venue says "arXiv.org"; the DataCite DOI is mixed-case.
_S2_3 = {
    "paperId": "05b9e3d7c1a2f4e6b8d0c2a4e6f8b0d2c4e6a8f0",
    "externalIds": {
        "ArXiv": "2401.05566",
        "DBLP": "journals/corr/abs-2401-05566",
        "DOI": "10.48550/arXiv.2401.05566",
        "CorpusId": 266998102,
    },
    "url": "https://www.semanticscholar.org/paper/05b9e3d7c1a2f4e6b8d0c2a4e6f8b0d2c4e6a8f0",
    "title": "Low-Rank Adapters Forget Less: Continual Instruction Tuning of Large Language Models",
    "abstract": _ABS_S2_3,
    "venue": "arXiv.org",
    "publicationVenue": None,
    "year": 2024,
    "authors": [
        {"authorId": "2201938475", "name": "Priya Natarajan"},
        {"authorId": "2051827364", "name": "Jonas Bäckström"},
        {"authorId": "2118273645", "name": "Chen Li"},
    ],
}

SAMPLE_S2: str = _jsonl([_S2_1, _S2_2, _S2_3])
SAMPLE_S2_PAGE: str = json.dumps({"total": 3, "offset": 0, "data": [_S2_1, _S2_2, _S2_3]}, ensure_ascii=False)

EQUIVALENT_S2: list[dict] = [
    {
        "id": "8f3c2a91d4e6b7a05c1f9e2d3b4a5c6d7e8f9a0b",
        "title": "Temporal Token Merging for Efficient Video Recognition",
        "abstract": _ABS_S2_1,
        "authors": ["Kenji Nakamura", "Zoë Kravitz", "Björn Lindqvist"],
        "url": "https://www.semanticscholar.org/paper/8f3c2a91d4e6b7a05c1f9e2d3b4a5c6d7e8f9a0b",
        "venue": "Computer Vision and Pattern Recognition",
        "year": 2023,
        "doi": "10.1109/cvpr52729.2023.01502",
        "arxiv": "2303.09876",
    },
    {
        "id": "c41d07e2a9b3f58e6d1c2b4a7f9e0d3c5b8a6f21",
        "title": "Benchmarking Tabular Foundation Models under Distribution Shift",
        "abstract": _ABS_S2_2,
        "authors": ["Tomás Ferreira", "Hanna Müller", "Kwame Osei"],
        "url": "https://www.semanticscholar.org/paper/c41d07e2a9b3f58e6d1c2b4a7f9e0d3c5b8a6f21",
        "venue": "Transactions on Machine Learning Research",
        "year": 2024,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "05b9e3d7c1a2f4e6b8d0c2a4e6f8b0d2c4e6a8f0",
        "title": "Low-Rank Adapters Forget Less: Continual Instruction Tuning of Large Language Models",
        "abstract": _ABS_S2_3,
        "authors": ["Priya Natarajan", "Jonas Bäckström", "Chen Li"],
        "url": "https://www.semanticscholar.org/paper/05b9e3d7c1a2f4e6b8d0c2a4e6f8b0d2c4e6a8f0",
        "venue": "arXiv.org",
        "year": 2024,
        "doi": "10.48550/arxiv.2401.05566",
        "arxiv": "2401.05566",
    },
]


# --------------------------------------------------------------------------------------------------------
# OpenReview API v1 notes as openreview-py dumps them: json.dump([note.to_json() for note in notes], indent=2)
# (ASCII-escaped). Times are milliseconds since the epoch, UTC.
# --------------------------------------------------------------------------------------------------------

_ABS_OR1_1 = (
    "Point cloud completion methods struggle to scale to large outdoor scenes. We propose FieldComp, which "
    "represents each partial scan as an implicit neural field conditioned on a sparse voxel encoder.  On "
    "ShapeNet-55, FieldComp lowers the Chamfer distance of PoinTr by 14%, and on KITTI its completions "
    "improve downstream 3D detection by 2.3 AP. Training takes 9 hours on a single GPU."
)
_ABS_OR1_2 = (
    "Clients in federated learning often hold labels of very different quality. We propose FedClean, in "
    "which each client estimates its own noise transition matrix and the server weights client updates by "
    "their estimated label quality. On CIFAR-10 and Clothing1M with heterogeneous synthetic and real label "
    "noise, FedClean improves test accuracy by 4.7% and 2.2% over FedAvg, and by 1.9% over FedCorr. "
    "The method requires no clean validation data on the server."
)
_ABS_OR1_3 = (
    "Automatic speech recognition models degrade under acoustic shift such as accented speech or background "
    "noise. We present EGPL, a test-time adaptation method that updates only the layer-normalization "
    "parameters of a wav2vec 2.0 model, using pseudo-labels filtered by token-level entropy. EGPL reduces the "
    "word error rate on LibriSpeech test-other with added noise from 24.1% to 17.6%, and on the L2-ARCTIC "
    "accented speech corpus by 12% relative, outperforming SUTA and Tent."
)

# ICLR 2022: created in 2021, published (pdate) in 2022, so the year is 2022.
_OPENREVIEW_V1_1 = {
    "id": "Bq7xKm2RtZ",
    "original": "hL4cY8wPqA",
    "number": 2417,
    "cdate": 1632877923456,
    "pdate": 1643394220000,
    "odate": None,
    "mdate": 1647248711000,
    "tcdate": 1632877923456,
    "tmdate": 1647248711000,
    "ddate": None,
    "forum": "Bq7xKm2RtZ",
    "referent": None,
    "invitation": "ICLR.cc/2022/Conference/-/Blind_Submission",
    "replyto": None,
    "content": {
        "title": "Implicit Neural Fields for Scalable Point Cloud Completion",
        "authorids": ["~Lars_Ostergaard1", "~Zoe_Kravitz1", "~Ahmed_Hassan3"],
        "authors": ["Lars Østergaard", "Zoë Kravitz", "Ahmed Hassan"],
        "keywords": ["point cloud completion", "implicit neural representations", "3D vision"],
        "abstract": _ABS_OR1_1,
        "one-sentence_summary": "Implicit neural fields on a sparse voxel encoder complete large outdoor scans.",
        "pdf": "/pdf/4b1f0e9a7c3d2b5a8e6f1c0d9b8a7e6f5d4c3b2a.pdf",
        "supplementary_material": "/attachment/9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d.zip",
        "venue": "ICLR 2022 Poster",
        "venueid": "ICLR.cc/2022/Conference",
        "_bibtex": "@inproceedings{\nostergaard2022implicit,\ntitle={Implicit Neural Fields for Scalable Point "
        'Cloud Completion},\nauthor={Lars {\\O}stergaard and Zo{\\"e} Kravitz and Ahmed Hassan},\n'
        "booktitle={International Conference on Learning Representations},\nyear={2022},\n"
        "url={https://openreview.net/forum?id=Bq7xKm2RtZ}\n}",
        "paperhash": "ostergaard|implicit_neural_fields_for_scalable_point_cloud_completion",
    },
    "signatures": ["ICLR.cc/2022/Conference"],
    "readers": ["everyone"],
    "nonreaders": [],
    "writers": ["ICLR.cc/2022/Conference"],
}
# NeurIPS 2021 with pdate null: the year is that of cdate.
_OPENREVIEW_V1_2 = {
    "id": "Tz0pQw5nVe",
    "original": "mC2vX7bKdS",
    "number": 9083,
    "cdate": 1621622434567,
    "pdate": None,
    "odate": 1635278400000,
    "mdate": 1635278400000,
    "tcdate": 1621622434567,
    "tmdate": 1635278400000,
    "ddate": None,
    "forum": "Tz0pQw5nVe",
    "referent": None,
    "invitation": "NeurIPS.cc/2021/Conference/-/Blind_Submission",
    "replyto": None,
    "content": {
        "title": "Federated Learning with Heterogeneous\nLabel Noise",
        "authorids": ["~María_José_Ortega1", "~Kwame_Osei1"],
        "authors": ["María José Ortega", "Kwame  Osei"],
        "keywords": ["federated learning", "label noise", "robustness"],
        "TL;DR": "A federated method that estimates per-client label noise and weights updates by label quality.",
        "abstract": _ABS_OR1_2,
        "pdf": "/pdf/0a1b2c3d4e5f60718293a4b5c6d7e8f901234567.pdf",
        "venue": "NeurIPS 2021 Poster",
        "venueid": "NeurIPS.cc/2021/Conference",
        "_bibtex": "@inproceedings{\nortega2021federated,\ntitle={Federated Learning with Heterogeneous Label "
        "Noise},\nauthor={Mar{\\'\\i}a Jos{\\'e} Ortega and Kwame Osei},\nbooktitle={Advances in Neural "
        "Information Processing Systems},\neditor={A. Beygelzimer and Y. Dauphin and P. Liang and J. Wortman "
        "Vaughan},\nyear={2021},\nurl={https://openreview.net/forum?id=Tz0pQw5nVe}\n}",
        "paperhash": "ortega|federated_learning_with_heterogeneous_label_noise",
    },
    "signatures": ["NeurIPS.cc/2021/Conference"],
    "readers": ["everyone"],
    "nonreaders": [],
    "writers": ["NeurIPS.cc/2021/Conference"],
}
# An older dump without the pdate key at all: the year is that of cdate (2022, for an ICLR 2023 paper).
_OPENREVIEW_V1_3 = {
    "id": "Wf8sJr3uLo",
    "original": "pA9kE4yGnH",
    "number": 5529,
    "cdate": 1663857067890,
    "mdate": 1677841320000,
    "tcdate": 1663857067890,
    "tmdate": 1677841320000,
    "ddate": None,
    "forum": "Wf8sJr3uLo",
    "referent": None,
    "invitation": "ICLR.cc/2023/Conference/-/Blind_Submission",
    "replyto": None,
    "content": {
        "title": "Test-Time Adaptation of Speech Recognizers with Entropy-Guided Pseudo-Labels",
        "authorids": ["~Sun-Hee_Park2", "~François_Lemaire1", "~Dmitri_Volkov1"],
        "authors": ["Sun-Hee Park", "François Lemaire", "Dmitri Volkov"],
        "keywords": ["test-time adaptation", "speech recognition", "distribution shift"],
        "TL;DR": "Entropy-filtered pseudo-labels adapt the layer norms of a speech recognizer at test time.",
        "abstract": _ABS_OR1_3,
        "paperhash": "park|testtime_adaptation_of_speech_recognizers_with_entropyguided_pseudolabels",
        "pdf": "/pdf/f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e.pdf",
        "Please_choose_the_closest_area_that_your_submission_falls_into": "Applications (eg, speech processing, "
        "computer vision, NLP)",
        "venue": "ICLR 2023 notable top 25%",
        "venueid": "ICLR.cc/2023/Conference",
        "_bibtex": "@inproceedings{\npark2023testtime,\ntitle={Test-Time Adaptation of Speech Recognizers with "
        "Entropy-Guided Pseudo-Labels},\nauthor={Sun-Hee Park and Fran{\\c{c}}ois Lemaire and Dmitri Volkov},\n"
        "booktitle={The Eleventh International Conference on Learning Representations },\nyear={2023},\n"
        "url={https://openreview.net/forum?id=Wf8sJr3uLo}\n}",
    },
    "signatures": ["ICLR.cc/2023/Conference"],
    "readers": ["everyone"],
    "nonreaders": [],
    "writers": ["ICLR.cc/2023/Conference"],
}

SAMPLE_OPENREVIEW_V1: str = json.dumps([_OPENREVIEW_V1_1, _OPENREVIEW_V1_2, _OPENREVIEW_V1_3], indent=2)

EQUIVALENT_OPENREVIEW_V1: list[dict] = [
    {
        "id": "Bq7xKm2RtZ",
        "title": "Implicit Neural Fields for Scalable Point Cloud Completion",
        "abstract": _ABS_OR1_1,
        "authors": ["Lars Østergaard", "Zoë Kravitz", "Ahmed Hassan"],
        "url": "https://openreview.net/forum?id=Bq7xKm2RtZ",
        "venue": "ICLR 2022 Poster",
        "year": 2022,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "Tz0pQw5nVe",
        "title": "Federated Learning with Heterogeneous Label Noise",
        "abstract": _ABS_OR1_2,
        "authors": ["María José Ortega", "Kwame Osei"],
        "url": "https://openreview.net/forum?id=Tz0pQw5nVe",
        "venue": "NeurIPS 2021 Poster",
        "year": 2021,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "Wf8sJr3uLo",
        "title": "Test-Time Adaptation of Speech Recognizers with Entropy-Guided Pseudo-Labels",
        "abstract": _ABS_OR1_3,
        "authors": ["Sun-Hee Park", "François Lemaire", "Dmitri Volkov"],
        "url": "https://openreview.net/forum?id=Wf8sJr3uLo",
        "venue": "ICLR 2023 notable top 25%",
        "year": 2022,
        "doi": "",
        "arxiv": "",
    },
]


# --------------------------------------------------------------------------------------------------------
# OpenReview API v2 notes, JSON Lines (note.to_json() a line, UTF-8): every content field is {"value": ...}.
# --------------------------------------------------------------------------------------------------------

_ABS_OR2_1 = (
    "Imitation learning for dexterous manipulation requires policies that capture multimodal action "
    "distributions. We propose ChunkDiff, a diffusion policy that denoises chunks of future actions "
    "conditioned on point cloud observations. On the Adroit and DexArt benchmarks, ChunkDiff achieves an "
    "average success rate of 78%, outperforming Diffusion Policy by 9 points and BC-RNN by 21 points. "
    "Real-robot experiments on a four-finger hand confirm these gains.\n"
)
_ABS_OR2_2 = (
    "We analyse Adam when the stochastic gradient noise has a heavy-tailed distribution with infinite "
    "variance. We prove that Adam with gradient clipping converges to a stationary point at a rate of "
    "$O(T^{-1/3})$, which matches the lower bound for clipped SGD up to logarithmic factors. Experiments on "
    "BERT pretraining and on CIFAR-100 with a ViT-S/16 confirm that clipping thresholds chosen by our theory "
    "outperform tuned defaults."
)
_ABS_OR2_3 = (
    "Cross-lingual semantic parsing maps questions in many languages to logical forms, but annotated data "
    "exists mostly for English. We study prompt tuning of multilingual encoder-decoder models for this task. "
    "On MTOP and MASSIVE, prompt tuning of mT5-XL matches full fine-tuning on English while improving "
    "zero-shot accuracy on the other languages by 3.8 points on average. Prompts learned on English transfer "
    "best when they are initialized from a translated vocabulary."
)

_OPENREVIEW_V2_1 = {
    "id": "Qm7tW2xYvL",
    "forum": "Qm7tW2xYvL",
    "content": {
        "title": {"value": "Diffusion Policies with Action Chunking for Dexterous Manipulation"},
        "authors": {"value": ["Yuki Tanaka", "Stephan Günnemann", "Olivia Brennan"]},
        "authorids": {"value": ["~Yuki_Tanaka2", "~Stephan_Günnemann1", "~Olivia_Brennan1"]},
        "keywords": {"value": ["imitation learning", "diffusion models", "dexterous manipulation"]},
        "TLDR": {"value": "A diffusion policy over action chunks for dexterous hands."},
        "abstract": {"value": _ABS_OR2_1},
        "primary_area": {"value": "applications to robotics, autonomy, planning"},
        "venue": {"value": "ICLR 2024 poster"},
        "venueid": {"value": "ICLR.cc/2024/Conference"},
        "pdf": {"value": "/pdf/2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a.pdf"},
        "_bibtex": {
            "value": "@inproceedings{\ntanaka2024diffusion,\ntitle={Diffusion Policies with Action Chunking for "
            'Dexterous Manipulation},\nauthor={Yuki Tanaka and Stephan G{\\"u}nnemann and Olivia Brennan},\n'
            "booktitle={The Twelfth International Conference on Learning Representations},\nyear={2024},\n"
            "url={https://openreview.net/forum?id=Qm7tW2xYvL}\n}"
        },
        "paperhash": {"value": "tanaka|diffusion_policies_with_action_chunking_for_dexterous_manipulation"},
    },
    "invitations": [
        "ICLR.cc/2024/Conference/-/Submission",
        "ICLR.cc/2024/Conference/-/Post_Submission",
        "ICLR.cc/2024/Conference/Submission4821/-/Revision",
        "ICLR.cc/2024/Conference/-/Edit",
    ],
    "cdate": 1695377741123,
    "pdate": 1705383000000,
    "odate": 1697187600000,
    "mdate": 1710504000000,
    "signatures": ["ICLR.cc/2024/Conference/Submission4821/Authors"],
    "writers": ["ICLR.cc/2024/Conference", "ICLR.cc/2024/Conference/Submission4821/Authors"],
    "readers": ["everyone"],
    "number": 4821,
    "domain": "ICLR.cc/2024/Conference",
    "tcdate": 1695377741123,
    "tmdate": 1710504000000,
    "license": "CC BY 4.0",
    "version": 2,
}
# TMLR: pdate is 2023-01-01T00:10:00Z, still 2022 in any time zone west of UTC: the year is 2023.
_OPENREVIEW_V2_2 = {
    "id": "Hn4rD8cUeJ",
    "forum": "Hn4rD8cUeJ",
    "content": {
        "title": {"value": "On the Convergence of Adam under Heavy-Tailed Gradient Noise "},
        "authors": {"value": ["Jean-Luc Moreau", "Anaïs Laurent"]},
        "authorids": {"value": ["~Jean-Luc_Moreau1", "~Anaïs_Laurent1"]},
        "keywords": {"value": ["optimization", "Adam", "heavy-tailed noise", "gradient clipping"]},
        "abstract": {"value": _ABS_OR2_2},
        "pdf": {"value": "/pdf/7d5b3f1e9c7a5b3d1f9e7c5a3b1d9f7e5c3a1b9d.pdf"},
        "venue": {"value": "Accepted by TMLR"},
        "venueid": {"value": "TMLR"},
        "_bibtex": {
            "value": "@article{\nmoreau2023on,\ntitle={On the Convergence of Adam under Heavy-Tailed Gradient "
            'Noise},\nauthor={Jean-Luc Moreau and Ana{\\"\\i}s Laurent},\njournal={Transactions on Machine '
            "Learning Research},\nissn={2835-8856},\nyear={2023},\nurl={https://openreview.net/forum?id=Hn4rD8cUeJ},"
            "\nnote={}\n}"
        },
        "paperhash": {"value": "moreau|on_the_convergence_of_adam_under_heavytailed_gradient_noise"},
    },
    "invitations": ["TMLR/-/Submission", "TMLR/-/Edit", "TMLR/Paper512/-/Camera_Ready_Revision", "TMLR/-/Accepted"],
    "cdate": 1664902082311,
    "pdate": 1672531800000,
    "odate": 1664902082311,
    "mdate": 1672531950000,
    "signatures": ["TMLR/Paper512/Authors"],
    "writers": ["TMLR", "TMLR/Paper512/Authors"],
    "readers": ["everyone"],
    "number": 512,
    "domain": "TMLR",
    "tcdate": 1664902082311,
    "tmdate": 1672531950000,
    "license": "CC BY-SA 4.0",
    "version": 2,
}
# A rejected submission: pdate is null, so the year is that of cdate.
_OPENREVIEW_V2_3 = {
    "id": "Ze6yB1kMaT",
    "forum": "Ze6yB1kMaT",
    "content": {
        "title": {"value": "Prompt Tuning for Cross-Lingual Semantic Parsing"},
        "authors": {"value": ["Ahmed Hassan", "Nguyễn Thị Mai"]},
        "authorids": {"value": ["~Ahmed_Hassan3", "~Nguyễn_Thị_Mai1"]},
        "keywords": {"value": ["semantic parsing", "cross-lingual transfer", "prompt tuning"]},
        "abstract": {"value": _ABS_OR2_3},
        "primary_area": {"value": "representation learning for computer vision, audio, language, and other modalities"},
        "venue": {"value": "Submitted to ICLR 2024"},
        "venueid": {"value": "ICLR.cc/2024/Conference/Rejected_Submission"},
        "pdf": {"value": "/pdf/9a7c5e3b1d9f7a5c3e1b9d7f5a3c1e9b7d5f3a1c.pdf"},
        "_bibtex": {
            "value": "@misc{\nhassan2024prompt,\ntitle={Prompt Tuning for Cross-Lingual Semantic Parsing},\n"
            "author={Ahmed Hassan and Nguy{\\~{\\^e}}n Th{\\d{i}} Mai},\nyear={2024},\n"
            "url={https://openreview.net/forum?id=Ze6yB1kMaT}\n}"
        },
        "paperhash": {"value": "hassan|prompt_tuning_for_crosslingual_semantic_parsing"},
    },
    "invitations": [
        "ICLR.cc/2024/Conference/-/Submission",
        "ICLR.cc/2024/Conference/-/Post_Submission",
        "ICLR.cc/2024/Conference/-/Edit",
    ],
    "cdate": 1695455059908,
    "pdate": None,
    "odate": 1697187600000,
    "mdate": 1705384800000,
    "signatures": ["ICLR.cc/2024/Conference/Submission6117/Authors"],
    "writers": ["ICLR.cc/2024/Conference", "ICLR.cc/2024/Conference/Submission6117/Authors"],
    "readers": ["everyone"],
    "number": 6117,
    "domain": "ICLR.cc/2024/Conference",
    "tcdate": 1695455059908,
    "tmdate": 1705384800000,
    "license": "CC BY 4.0",
    "version": 2,
}

SAMPLE_OPENREVIEW_V2: str = _jsonl([_OPENREVIEW_V2_1, _OPENREVIEW_V2_2, _OPENREVIEW_V2_3])

EQUIVALENT_OPENREVIEW_V2: list[dict] = [
    {
        "id": "Qm7tW2xYvL",
        "title": "Diffusion Policies with Action Chunking for Dexterous Manipulation",
        "abstract": _ABS_OR2_1,
        "authors": ["Yuki Tanaka", "Stephan Günnemann", "Olivia Brennan"],
        "url": "https://openreview.net/forum?id=Qm7tW2xYvL",
        "venue": "ICLR 2024 poster",
        "year": 2024,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "Hn4rD8cUeJ",
        "title": "On the Convergence of Adam under Heavy-Tailed Gradient Noise",
        "abstract": _ABS_OR2_2,
        "authors": ["Jean-Luc Moreau", "Anaïs Laurent"],
        "url": "https://openreview.net/forum?id=Hn4rD8cUeJ",
        "venue": "Accepted by TMLR",
        "year": 2023,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "Ze6yB1kMaT",
        "title": "Prompt Tuning for Cross-Lingual Semantic Parsing",
        "abstract": _ABS_OR2_3,
        "authors": ["Ahmed Hassan", "Nguyễn Thị Mai"],
        "url": "https://openreview.net/forum?id=Ze6yB1kMaT",
        "venue": "Submitted to ICLR 2024",
        "year": 2023,
        "doi": "",
        "arxiv": "",
    },
]


# --------------------------------------------------------------------------------------------------------
# BibTeX: a .bib with a @preamble, a @string macro (used as a booktitle), three entries and a JabRef
# @comment. The abstracts are the text between their outer braces, line breaks and indentation included.
# --------------------------------------------------------------------------------------------------------

_BIB_HEAD = r"""% Exported from Zotero 6.0.30, abstracts kept.

@preamble{ "\providecommand{\noopsort}[1]{}" }

@string{neurips = "Advances in Neural Information Processing Systems"}
"""

_BIB_1 = r"""
@inproceedings{kravitz2023graphmix,
  title     = {{GraphMix}: Scalable Mixture-of-Experts for
               Node Classification on Large Graphs},
  author    = {Kravitz, Zo{\"e} and G{\"u}nnemann, Stephan and {\'E}mile Dubois},
  booktitle = neurips,
  volume    = {36},
  pages     = {10234--10247},
  year      = {2023},
  url       = {https://proceedings.neurips.cc/paper_files/paper/2023/hash/3f2a9c1b7e4d5a6b8c0d1e2f3a4b5c6d-Abstract-Conference.html},
  abstract  = {We propose {GraphMix}, a mixture-of-experts graph neural network in which
               each node is routed to two of $K$ expert message-passing layers. Routing
               costs $O(n \log n)$ per layer for $n$ nodes, so {GraphMix} scales to the
               ogbn-papers100M graph on a single machine. On ogbn-products and
               ogbn-arxiv, it improves accuracy over GraphSAGE by 2.4\% and 1.7\%.},
}
"""

_BIB_2 = r"""
@article{mueller2024trustmix,
  author   = {M\"{u}ller, Hanna and Osei, Kwame and Nakamura, Kenji},
  title    = "Robust Self-Training for {Semantic Segmentation} under Domain Shift",
  journal  = {{IEEE} Transactions on Pattern Analysis and Machine Intelligence},
  year     = 2024,
  month    = jun,
  volume   = {46},
  number   = {6},
  pages    = {4012--4025},
  doi      = {10.1109/TPAMI.2024.3359012},
  url      = {https://doi.org/10.1109/TPAMI.2024.3359012},
  abstract = {Self-training adapts semantic segmentation networks to a new domain with pseudo-labels, but noisy pseudo-labels accumulate errors over rounds. We propose \emph{TrustMix}, which mixes image regions of high pseudo-label confidence across source and target images. On GTA5$\to$Cityscapes, TrustMix reaches 58.9 mIoU with a DeepLabV2 backbone, 2.6 points above ProDA, and on SYNTHIA$\to$Cityscapes it improves mIoU by 3.1 points.}
}
"""

_BIB_3 = r"""
@misc{backstrom2024dictionary,
  title         = {Dictionary Learning on {CLIP} Activations Reveals Compositional Concepts},
  author        = {B{\"a}ckstr{\"o}m, Jonas and Natarajan, Priya and Li, Chen},
  year          = {2024},
  eprint        = {2405.06789},
  archivePrefix = {arXiv},
  primaryClass  = {cs.CV},
  url           = {https://arxiv.org/abs/2405.06789},
  abstract      = {We train sparse autoencoders on the residual stream of CLIP ViT-L/14 and
                   obtain a dictionary of 32,768 features. Human raters judge 71\% of the
                   features as monosemantic, against 23\% for individual neurons. Used as a
                   concept bottleneck, the features let a linear probe reach 81.2\% top-1
                   accuracy on ImageNet, within 1.5\% of a probe on raw activations.}
}
"""

_BIB_TAIL = """
@comment{jabref-meta: databaseType:bibtex;}
"""

SAMPLE_BIBTEX: str = _BIB_HEAD + _BIB_1 + _BIB_2 + _BIB_3 + _BIB_TAIL

EQUIVALENT_BIBTEX: list[dict] = [
    {
        "id": "kravitz2023graphmix",
        "title": "GraphMix: Scalable Mixture-of-Experts for Node Classification on Large Graphs",
        "abstract": (
            "We propose {GraphMix}, a mixture-of-experts graph neural network in which\n"
            "               each node is routed to two of $K$ expert message-passing layers. Routing\n"
            "               costs $O(n \\log n)$ per layer for $n$ nodes, so {GraphMix} scales to the\n"
            "               ogbn-papers100M graph on a single machine. On ogbn-products and\n"
            "               ogbn-arxiv, it improves accuracy over GraphSAGE by 2.4\\% and 1.7\\%."
        ),
        "authors": ["Zoë Kravitz", "Stephan Günnemann", "Émile Dubois"],
        "url": "https://proceedings.neurips.cc/paper_files/paper/2023/hash/3f2a9c1b7e4d5a6b8c0d1e2f3a4b5c6d-Abstract-Conference.html",
        "venue": "Advances in Neural Information Processing Systems",
        "year": 2023,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "mueller2024trustmix",
        "title": "Robust Self-Training for Semantic Segmentation under Domain Shift",
        "abstract": (
            "Self-training adapts semantic segmentation networks to a new domain with pseudo-labels, but noisy "
            "pseudo-labels accumulate errors over rounds. We propose \\emph{TrustMix}, which mixes image regions "
            "of high pseudo-label confidence across source and target images. On GTA5$\\to$Cityscapes, TrustMix "
            "reaches 58.9 mIoU with a DeepLabV2 backbone, 2.6 points above ProDA, and on SYNTHIA$\\to$Cityscapes "
            "it improves mIoU by 3.1 points."
        ),
        "authors": ["Hanna Müller", "Kwame Osei", "Kenji Nakamura"],
        "url": "https://doi.org/10.1109/TPAMI.2024.3359012",
        "venue": "IEEE Transactions on Pattern Analysis and Machine Intelligence",
        "year": 2024,
        "doi": "10.1109/tpami.2024.3359012",
        "arxiv": "",
    },
    {
        "id": "backstrom2024dictionary",
        "title": "Dictionary Learning on CLIP Activations Reveals Compositional Concepts",
        "abstract": (
            "We train sparse autoencoders on the residual stream of CLIP ViT-L/14 and\n"
            "                   obtain a dictionary of 32,768 features. Human raters judge 71\\% of the\n"
            "                   features as monosemantic, against 23\\% for individual neurons. Used as a\n"
            "                   concept bottleneck, the features let a linear probe reach 81.2\\% top-1\n"
            "                   accuracy on ImageNet, within 1.5\\% of a probe on raw activations."
        ),
        "authors": ["Jonas Bäckström", "Priya Natarajan", "Chen Li"],
        "url": "https://arxiv.org/abs/2405.06789",
        "venue": "",
        "year": 2024,
        "doi": "",
        "arxiv": "2405.06789",
    },
]


# --------------------------------------------------------------------------------------------------------
# GROBID 0.8 processFulltextDocument output (TEI P5, namespace http://www.tei-c.org/ns/1.0), three files.
# GROBID indents the header with tabs and writes each body/abstract <div> with its own xmlns; here the body
# is pretty-printed too, with line breaks inside the <p>s. Figures, tables and footnotes follow the last
# body <div>; acknowledgements and references are in <back>.
# --------------------------------------------------------------------------------------------------------

_TEI_OPEN = """<?xml version="1.0" encoding="UTF-8"?>
<TEI xml:space="preserve" xmlns="http://www.tei-c.org/ns/1.0"
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
xsi:schemaLocation="http://www.tei-c.org/ns/1.0 https://raw.githubusercontent.com/kermitt2/grobid/master/grobid-home/schemas/xsd/Grobid.xsd"
 xmlns:xlink="http://www.w3.org/1999/xlink">
"""

# An arXiv preprint: a publication date, no venue title, the arXiv id as GROBID writes it, and an <author>
# that is only an affiliation (no persName): it is not an author.
_TEI_1 = (
    _TEI_OPEN
    + """	<teiHeader xml:lang="en">
		<fileDesc>
			<titleStmt>
				<title level="a" type="main">Token-Level Curriculum Learning for Vision-Language Pretraining</title>
			</titleStmt>
			<publicationStmt>
				<publisher/>
				<availability status="unknown"><licence/></availability>
				<date type="published" when="2024-04-02">2 Apr 2024</date>
			</publicationStmt>
			<sourceDesc>
				<biblStruct>
					<analytic>
						<author>
							<persName><forename type="first">Lucía</forename><surname>Fernández</surname></persName>
							<email>lucia.fernandez@dcc.uchile.example</email>
							<affiliation key="aff0">
								<note type="raw_affiliation">Department of Computer Science, Universidad de Chile, Santiago, Chile</note>
								<orgName type="department">Department of Computer Science</orgName>
								<orgName type="institution">Universidad de Chile</orgName>
								<address>
									<settlement>Santiago</settlement>
									<country key="CL">Chile</country>
								</address>
							</affiliation>
						</author>
						<author>
							<persName><forename type="first">Wei</forename><surname>Zhang</surname></persName>
							<affiliation key="aff1">
								<note type="raw_affiliation">Tsinghua University, Beijing, China</note>
								<orgName type="institution">Tsinghua University</orgName>
								<address>
									<settlement>Beijing</settlement>
									<country key="CN">China</country>
								</address>
							</affiliation>
						</author>
						<author role="corresp">
							<persName><forename type="first">Tomás</forename><forename type="middle">A</forename><surname>Ferreira</surname></persName>
							<email>tferreira@dcc.uchile.example</email>
							<affiliation key="aff0">
								<note type="raw_affiliation">Department of Computer Science, Universidad de Chile, Santiago, Chile</note>
								<orgName type="department">Department of Computer Science</orgName>
								<orgName type="institution">Universidad de Chile</orgName>
								<address>
									<settlement>Santiago</settlement>
									<country key="CL">Chile</country>
								</address>
							</affiliation>
						</author>
						<author>
							<affiliation key="aff2">
								<note type="raw_affiliation">Millennium Institute for Foundational Research on Data</note>
								<orgName type="institution">Millennium Institute for Foundational Research on Data</orgName>
							</affiliation>
						</author>
						<title level="a" type="main">Token-Level Curriculum Learning for Vision-Language Pretraining</title>
					</analytic>
					<monogr>
						<imprint>
							<date type="published" when="2024-04-02">2 Apr 2024</date>
						</imprint>
					</monogr>
					<idno type="MD5">5E0C8A1B2D3F4A5B6C7D8E9F0A1B2C3D</idno>
					<idno type="arXiv">arXiv:2404.01187v2[cs.CV]</idno>
				</biblStruct>
			</sourceDesc>
		</fileDesc>
		<encodingDesc>
			<appInfo>
				<application version="0.8.0" ident="GROBID" when="2024-05-13T09:41+0000">
					<desc>GROBID - A machine learning software for extracting information from scholarly documents</desc>
					<ref target="https://github.com/kermitt2/grobid"/>
				</application>
			</appInfo>
		</encodingDesc>
		<profileDesc>
			<textClass>
				<keywords>
					<term>vision-language pretraining</term>
					<term>curriculum learning</term>
				</keywords>
			</textClass>
			<abstract>
<div xmlns="http://www.tei-c.org/ns/1.0"><p>Vision-language pretraining treats all caption tokens as equally informative. We propose TokenCurr, a curriculum that schedules caption tokens from concrete nouns to abstract relations during pretraining. Pretrained on CC3M, TokenCurr improves zero-shot retrieval on MSCOCO by 3.2 R@1 and on Flickr30K by 2.7 R@1 over CLIP at the same compute.</p></div>
			</abstract>
		</profileDesc>
	</teiHeader>
	<text xml:lang="en">
		<body>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="1">Introduction</head>
				<p>Contrastive vision-language models such as CLIP <ref type="bibr" target="#b0">[1]</ref>
					learn from noisy web captions. Prior curricula order whole samples by difficulty
					<ref type="bibr" target="#b1">[2,</ref><ref type="bibr" target="#b2">3]</ref>, but a single caption
					mixes easy and hard tokens.</p>
				<p>We therefore order tokens instead of samples. The schedule costs &lt; 1% of the
					pretraining compute (Fig. <ref type="figure" target="#fig_0">1</ref>).</p>
			</div>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="2">Method</head>
				<p>Each caption token t receives a difficulty score d(t) that combines its corpus
					frequency with its concreteness rating <ref type="bibr" target="#b3">[4]</ref>. At training step s,
					tokens whose difficulty exceeds the threshold τ(s) are left out of the contrastive loss:</p>
				<formula xml:id="formula_0">L(s) = -∑ t 1[d(t) ≤ τ(s)] log p(t | x),<label>(1)</label></formula>
				<p>where τ(s) grows linearly from τ 0 to the largest difficulty. With τ 0 at the largest
					difficulty, Eq. <ref type="formula" target="#formula_0">(1)</ref> is the standard loss.</p>
			</div>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="3">Experiments</head>
				<p>We pretrain a ViT-B/16 on CC3M for 30 epochs. TokenCurr raises MSCOCO R@1 from 31.4 to
					34.6 and Flickr30K R@1 from 58.2 to 60.9; results on MSCOCO &amp; Flickr30K are listed in
					Table <ref type="table" target="#tab_0">1</ref>.</p>
			</div>
			<figure xmlns="http://www.tei-c.org/ns/1.0" xml:id="fig_0">
				<head>Fig. 1 .</head>
				<label>1</label>
				<figDesc>The pacing function τ(s) over training.</figDesc>
			</figure>
			<figure xmlns="http://www.tei-c.org/ns/1.0" type="table" xml:id="tab_0">
				<head>Table 1 :</head>
				<label>1</label>
				<figDesc>Zero-shot retrieval (R@1) after 30 epochs on CC3M.</figDesc>
				<table><row><cell>Method</cell><cell>MSCOCO</cell><cell>Flickr30K</cell></row><row><cell>CLIP</cell><cell>31.4</cell><cell>58.2</cell></row><row><cell>TokenCurr</cell><cell>34.6</cell><cell>60.9</cell></row></table>
			</figure>
			<note xmlns="http://www.tei-c.org/ns/1.0" place="foot" n="1" xml:id="foot_0">Code and schedules are available at https://github.com/lfernandez/tokencurr.</note>
		</body>
		<back>
			<div type="acknowledgement">
<div xmlns="http://www.tei-c.org/ns/1.0"><head>Acknowledgements</head><p>This work was funded by ANID FONDECYT grant 1230456.</p></div>
			</div>
			<div type="references">
				<listBibl>
<biblStruct xml:id="b0">
	<analytic>
		<title level="a" type="main">Learning visual models from web-scale caption data</title>
		<author>
			<persName><forename type="first">J</forename><surname>Okonkwo</surname></persName>
		</author>
	</analytic>
	<monogr>
		<title level="m">Proceedings of ICML</title>
		<imprint>
			<date type="published" when="2021">2021</date>
		</imprint>
	</monogr>
</biblStruct>
<biblStruct xml:id="b1">
	<analytic>
		<title level="a" type="main">Curriculum learning revisited</title>
		<author>
			<persName><forename type="first">M</forename><surname>Haddad</surname></persName>
		</author>
	</analytic>
	<monogr>
		<title level="j">Journal of Machine Learning Research</title>
		<imprint>
			<date type="published" when="2019">2019</date>
		</imprint>
	</monogr>
</biblStruct>
				</listBibl>
			</div>
		</back>
	</text>
</TEI>
"""
)

# A conference paper: no date in publicationStmt (the year comes from the imprint), a venue title, a
# two-paragraph abstract and a body <div> without a <head>.
_TEI_2 = (
    _TEI_OPEN
    + """	<teiHeader xml:lang="en">
		<fileDesc>
			<titleStmt>
				<title level="a" type="main">Learned Edge Rewiring Mitigates Oversquashing in Message Passing Networks</title>
			</titleStmt>
			<publicationStmt>
				<publisher/>
				<availability status="unknown"><licence/></availability>
			</publicationStmt>
			<sourceDesc>
				<biblStruct>
					<analytic>
						<author>
							<persName><forename type="first">Zoë</forename><surname>Kravitz</surname></persName>
							<affiliation key="aff0">
								<note type="raw_affiliation">ETH Zurich</note>
								<orgName type="institution">ETH Zurich</orgName>
							</affiliation>
						</author>
						<author>
							<persName><forename type="first">Stephan</forename><surname>Günnemann</surname></persName>
							<affiliation key="aff1">
								<note type="raw_affiliation">Technical University of Munich</note>
								<orgName type="institution">Technical University of Munich</orgName>
							</affiliation>
						</author>
						<author>
							<persName><forename type="first">Martin</forename><forename type="middle">L</forename><surname>Okafor</surname></persName>
							<affiliation key="aff0">
								<note type="raw_affiliation">ETH Zurich</note>
								<orgName type="institution">ETH Zurich</orgName>
							</affiliation>
						</author>
						<title level="a" type="main">Learned Edge Rewiring Mitigates Oversquashing in Message Passing Networks</title>
					</analytic>
					<monogr>
						<title level="m" type="main">Advances in Neural Information Processing Systems</title>
						<imprint>
							<biblScope unit="volume">36</biblScope>
							<date type="published" when="2023">2023</date>
						</imprint>
					</monogr>
					<idno type="MD5">A3B1C9D7E5F3A1B9C7D5E3F1A9B7C5D3</idno>
				</biblStruct>
			</sourceDesc>
		</fileDesc>
		<encodingDesc>
			<appInfo>
				<application version="0.8.0" ident="GROBID" when="2024-02-20T17:05+0000">
					<desc>GROBID - A machine learning software for extracting information from scholarly documents</desc>
					<ref target="https://github.com/kermitt2/grobid"/>
				</application>
			</appInfo>
		</encodingDesc>
		<profileDesc>
			<abstract>
<div xmlns="http://www.tei-c.org/ns/1.0"><p>Message passing neural networks compress information from
	exponentially growing neighbourhoods into fixed-size vectors, a bottleneck known as oversquashing.</p><p>We propose
	LERN, which learns to add a few edges per layer through a differentiable top-k relaxation. On the
	TreeNeighboursMatch task LERN solves depths up to 8 where GCN fails beyond 4, and on the LRGB
	Peptides-func benchmark it improves average precision from 0.593 to 0.671.</p></div>
			</abstract>
		</profileDesc>
	</teiHeader>
	<text xml:lang="en">
		<body>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="1">Introduction</head>
				<p>Graph neural networks based on message passing <ref type="bibr" target="#b4">(Hartmann et al., 2019)</ref>
					struggle with long-range interactions. <ref type="bibr" target="#b2">Mendes and Carvalho (2021)</ref>
					attribute this to oversquashing, and rewiring methods <ref type="bibr" target="#b3">(Ivanova et al., 2022)</ref>
					modify the graph once, before training.</p>
			</div>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<p>In contrast, we learn the rewiring jointly with the task. Our contributions are a
					differentiable edge-addition layer and an analysis showing that it lowers the effective
					resistance between distant nodes.</p>
			</div>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="2">Learned rewiring</head>
				<p>At layer ℓ, LERN scores every candidate pair (u, v) within distance r by</p>
				<formula xml:id="formula_0">s ℓ (u, v) = σ(w ⊤ [h u ∥ h v ]),<label>(1)</label></formula>
				<p>and adds the k highest-scoring edges with a relaxed top-k operator
					<ref type="bibr" target="#b5">(Lindqvist and Osei, 2020)</ref>. Because only O(k) edges are added per
					layer, the cost grows linearly in the number of nodes.</p>
			</div>
		</body>
		<back>
			<div type="references">
				<listBibl>
<biblStruct xml:id="b2">
	<analytic>
		<title level="a" type="main">Bottlenecks of message passing</title>
		<author>
			<persName><forename type="first">R</forename><surname>Mendes</surname></persName>
		</author>
		<author>
			<persName><forename type="first">L</forename><surname>Carvalho</surname></persName>
		</author>
	</analytic>
	<monogr>
		<title level="m">International Conference on Learning Representations</title>
		<imprint>
			<date type="published" when="2021">2021</date>
		</imprint>
	</monogr>
</biblStruct>
				</listBibl>
			</div>
		</back>
	</text>
</TEI>
"""
)

# A journal paper with a DOI in capitals and no date anywhere (the imprint's <date/> is empty): year None.
_TEI_3 = (
    _TEI_OPEN
    + """	<teiHeader xml:lang="en">
		<fileDesc>
			<titleStmt>
				<title level="a" type="main">Quantization-Aware Training with Spectral Norm Regularization</title>
			</titleStmt>
			<publicationStmt>
				<publisher>Elsevier BV</publisher>
				<availability status="unknown"><p>Copyright Elsevier BV</p>
				</availability>
			</publicationStmt>
			<sourceDesc>
				<biblStruct>
					<analytic>
						<author>
							<persName><forename type="first">Wei</forename><surname>Zhang</surname></persName>
						</author>
						<author>
							<persName><forename type="first">Jean-Luc</forename><surname>Moreau</surname></persName>
						</author>
						<author role="corresp">
							<persName><forename type="first">Anaïs</forename><surname>Laurent</surname></persName>
							<email>anais.laurent@inria.example</email>
						</author>
						<title level="a" type="main">Quantization-Aware Training with Spectral Norm Regularization</title>
					</analytic>
					<monogr>
						<title level="j" type="main">Neural Networks</title>
						<idno type="ISSN">0893-6080</idno>
						<imprint>
							<publisher>Elsevier BV</publisher>
							<biblScope unit="volume">172</biblScope>
							<date/>
						</imprint>
					</monogr>
					<idno type="MD5">0F1E2D3C4B5A69788796A5B4C3D2E1F0</idno>
					<idno type="DOI">10.1016/J.NEUNET.2024.106245</idno>
				</biblStruct>
			</sourceDesc>
		</fileDesc>
		<encodingDesc>
			<appInfo>
				<application version="0.8.0" ident="GROBID" when="2024-06-01T08:12+0000">
					<desc>GROBID - A machine learning software for extracting information from scholarly documents</desc>
					<ref target="https://github.com/kermitt2/grobid"/>
				</application>
			</appInfo>
		</encodingDesc>
		<profileDesc>
			<textClass>
				<keywords>Quantization Spectral norm Model compression</keywords>
			</textClass>
			<abstract>
<div xmlns="http://www.tei-c.org/ns/1.0"><p>Low-precision networks are sensitive to the small weight perturbations that quantization introduces. We show that the quantization error of a layer is bounded by the spectral norm of its weight matrix, and we propose SpecQAT, which adds a spectral norm penalty to quantization-aware training. With 4-bit weights and activations, SpecQAT improves the ImageNet top-1 accuracy of ResNet-18 from 67.3% to 69.0% and of MobileNetV2 from 61.8% to 64.5%.</p></div>
			</abstract>
		</profileDesc>
	</teiHeader>
	<text xml:lang="en">
		<body>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="1.">Introduction</head>
				<p>Quantization-aware training (QAT) simulates low-precision arithmetic during training
					<ref type="bibr" target="#b0">[1]</ref>. At 4 bits, however, compact networks such as MobileNetV2
					lose several points of accuracy <ref type="bibr" target="#b1">[2]</ref><ref type="bibr" target="#b2">[3]</ref>.</p>
			</div>
			<div xmlns="http://www.tei-c.org/ns/1.0">
				<head n="2.">Spectral norm penalty</head>
				<p>For a layer with weights W and quantizer Q, the output error is bounded by</p>
				<formula xml:id="formula_0">∥(Q(W) -W)x∥ ≤ ∥W∥ 2 δ ∥x∥,<label>(1)</label></formula>
				<p>where δ is the relative step size. SpecQAT therefore adds λ ∥W∥ 2 to the loss and
					estimates ∥W∥ 2 with one power iteration per step.</p>
			</div>
		</body>
		<back>
			<div type="references">
				<listBibl>
<biblStruct xml:id="b0">
	<analytic>
		<title level="a" type="main">Training quantized networks with straight-through estimators</title>
		<author>
			<persName><forename type="first">P</forename><surname>Dubois</surname></persName>
		</author>
	</analytic>
	<monogr>
		<title level="j">Neural Computation</title>
		<imprint>
			<date type="published" when="2018">2018</date>
		</imprint>
	</monogr>
</biblStruct>
				</listBibl>
			</div>
		</back>
	</text>
</TEI>
"""
)

SAMPLE_TEI: dict[str, str] = {
    "2404.01187v2.tei.xml": _TEI_1,
    "kravitz-neurips23.tei.xml": _TEI_2,
    "zhang_neunet_2024.tei.xml": _TEI_3,
}

EQUIVALENT_TEI: list[dict] = [
    {
        "id": "2404.01187v2",
        "title": "Token-Level Curriculum Learning for Vision-Language Pretraining",
        "abstract": (
            "Vision-language pretraining treats all caption tokens as equally informative. We propose TokenCurr, a "
            "curriculum that schedules caption tokens from concrete nouns to abstract relations during "
            "pretraining. Pretrained on CC3M, TokenCurr improves zero-shot retrieval on MSCOCO by 3.2 R@1 and on "
            "Flickr30K by 2.7 R@1 over CLIP at the same compute."
            "\n\n"
            "Introduction"
            "\n\n"
            "Contrastive vision-language models such as CLIP [1] learn from noisy web captions. Prior curricula "
            "order whole samples by difficulty [2,3], but a single caption mixes easy and hard tokens."
            "\n\n"
            "We therefore order tokens instead of samples. The schedule costs < 1% of the pretraining compute "
            "(Fig. 1)."
            "\n\n"
            "Method"
            "\n\n"
            "Each caption token t receives a difficulty score d(t) that combines its corpus frequency with its "
            "concreteness rating [4]. At training step s, tokens whose difficulty exceeds the threshold τ(s) are "
            "left out of the contrastive loss:"
            "\n\n"
            "where τ(s) grows linearly from τ 0 to the largest difficulty. With τ 0 at the largest difficulty, "
            "Eq. (1) is the standard loss."
            "\n\n"
            "Experiments"
            "\n\n"
            "We pretrain a ViT-B/16 on CC3M for 30 epochs. TokenCurr raises MSCOCO R@1 from 31.4 to 34.6 and "
            "Flickr30K R@1 from 58.2 to 60.9; results on MSCOCO & Flickr30K are listed in Table 1."
        ),
        "authors": ["Lucía Fernández", "Wei Zhang", "Tomás A Ferreira"],
        "url": "",
        "venue": "",
        "year": 2024,
        "doi": "",
        "arxiv": "2404.01187",
    },
    {
        "id": "kravitz-neurips23",
        "title": "Learned Edge Rewiring Mitigates Oversquashing in Message Passing Networks",
        "abstract": (
            "Message passing neural networks compress information from exponentially growing neighbourhoods "
            "into fixed-size vectors, a bottleneck known as oversquashing."
            "\n\n"
            "We propose LERN, which learns to add a few edges per layer through a differentiable top-k "
            "relaxation. On the TreeNeighboursMatch task LERN solves depths up to 8 where GCN fails beyond 4, "
            "and on the LRGB Peptides-func benchmark it improves average precision from 0.593 to 0.671."
            "\n\n"
            "Introduction"
            "\n\n"
            "Graph neural networks based on message passing (Hartmann et al., 2019) struggle with long-range "
            "interactions. Mendes and Carvalho (2021) attribute this to oversquashing, and rewiring methods "
            "(Ivanova et al., 2022) modify the graph once, before training."
            "\n\n"
            "In contrast, we learn the rewiring jointly with the task. Our contributions are a differentiable "
            "edge-addition layer and an analysis showing that it lowers the effective resistance between "
            "distant nodes."
            "\n\n"
            "Learned rewiring"
            "\n\n"
            "At layer ℓ, LERN scores every candidate pair (u, v) within distance r by"
            "\n\n"
            "and adds the k highest-scoring edges with a relaxed top-k operator (Lindqvist and Osei, 2020). "
            "Because only O(k) edges are added per layer, the cost grows linearly in the number of nodes."
        ),
        "authors": ["Zoë Kravitz", "Stephan Günnemann", "Martin L Okafor"],
        "url": "",
        "venue": "Advances in Neural Information Processing Systems",
        "year": 2023,
        "doi": "",
        "arxiv": "",
    },
    {
        "id": "zhang_neunet_2024",
        "title": "Quantization-Aware Training with Spectral Norm Regularization",
        "abstract": (
            "Low-precision networks are sensitive to the small weight perturbations that quantization "
            "introduces. We show that the quantization error of a layer is bounded by the spectral norm of its "
            "weight matrix, and we propose SpecQAT, which adds a spectral norm penalty to quantization-aware "
            "training. With 4-bit weights and activations, SpecQAT improves the ImageNet top-1 accuracy of "
            "ResNet-18 from 67.3% to 69.0% and of MobileNetV2 from 61.8% to 64.5%."
            "\n\n"
            "Introduction"
            "\n\n"
            "Quantization-aware training (QAT) simulates low-precision arithmetic during training [1]. At 4 bits, "
            "however, compact networks such as MobileNetV2 lose several points of accuracy [2][3]."
            "\n\n"
            "Spectral norm penalty"
            "\n\n"
            "For a layer with weights W and quantizer Q, the output error is bounded by"
            "\n\n"
            "where δ is the relative step size. SpecQAT therefore adds λ ∥W∥ 2 to the loss and estimates ∥W∥ 2 "
            "with one power iteration per step."
        ),
        "authors": ["Wei Zhang", "Jean-Luc Moreau", "Anaïs Laurent"],
        "url": "",
        "venue": "Neural Networks",
        "year": None,
        "doi": "10.1016/j.neunet.2024.106245",
        "arxiv": "",
    },
]


# --------------------------------------------------------------------------------------------------------
# Broken variants: format -> {description: file text}. The comment above each says what a reader should do.
# "Skipped" means counted as a skip with a reason, the rest of the file still read; a file that cannot be
# read at all is an InputError naming it. Multi-record variants keep good records around the bad one.
# --------------------------------------------------------------------------------------------------------


def _without(record: dict, key: str) -> dict:
    return {k: v for k, v in record.items() if k != key}


def _with_content(note: dict, **fields: object) -> dict:
    return {**note, "content": {**note["content"], **fields}}


def _content_without(note: dict, key: str) -> dict:
    return {**note, "content": _without(note["content"], key)}


def _cut(line: str) -> str:
    """A JSON line cut off mid-record, as a truncated download leaves it (newline kept)."""
    return line[: len(line) // 2] + "\n"


def _arxiv_line(record: dict) -> str:
    return _jsonl([record], ensure_ascii=True, compact=True)


_TEI_BROKEN_HEADER = (
    _TEI_OPEN
    + """	<teiHeader xml:lang="en">
		<fileDesc>
			<titleStmt>
				<title level="a" type="main">Sparse Mixture Models for Streaming Anomaly Detection</title>
			</titleStmt>
			<publicationStmt>
				<publisher/>
				<availability status="unknown"><licence/></availability>
				<date type="published" when="2022-11-08">8 Nov 2022</date>
			</publicationStmt>
			<sourceDesc>
				<biblStruct>
					<analytic>
						<author>
							<persName><forename type="first">Kwame</forename><surname>Osei</surname></persName>
						</author>
						<title level="a" type="main">Sparse Mixture Models for Streaming Anomaly Detection</title>
					</analytic>
					<monogr>
						<imprint>
							<date type="published" when="2022-11-08">8 Nov 2022</date>
						</imprint>
					</monogr>
				</biblStruct>
			</sourceDesc>
		</fileDesc>
"""
)

BROKEN: dict[str, dict[str, str]] = {
    "arxiv": {
        # The second record is skipped (no abstract); the first and third are read.
        "abstract null": _jsonl([_ARXIV_1, {**_ARXIV_2, "abstract": None}, _ARXIV_3], ensure_ascii=True, compact=True),
        # The second record is skipped (no abstract); the first and third are read.
        "abstract missing": _jsonl(
            [_ARXIV_1, _without(_ARXIV_2, "abstract"), _ARXIV_3], ensure_ascii=True, compact=True
        ),
        # The second record is skipped (title is not a string); the first and third are read.
        "title a number": _jsonl(
            [_ARXIV_1, {**_ARXIV_2, "title": 20231229}, _ARXIV_3], ensure_ascii=True, compact=True
        ),
        # The second record is skipped (authors_parsed is an object, not a list of [last, first, suffix]);
        # the first and third are read.
        "authors_parsed an object": _jsonl(
            [_ARXIV_1, {**_ARXIV_2, "authors_parsed": {"Sato": "Haruto", "Durand": "Amélie"}}, _ARXIV_3],
            ensure_ascii=True,
            compact=True,
        ),
        # The second line is cut off mid-record: skipped as a broken JSON line; the first and third are read.
        "truncated line": _arxiv_line(_ARXIV_1) + _cut(_arxiv_line(_ARXIV_2)) + _arxiv_line(_ARXIV_3),
    },
    "openalex": {
        # OpenAlex has no abstract for many works: abstract_inverted_index is null. The second work is
        # skipped (no abstract); the first and third are read.
        "abstract_inverted_index null": _jsonl(
            [_OPENALEX_1, {**_OPENALEX_2, "abstract_inverted_index": None}, _OPENALEX_3]
        ),
        # The second work is skipped (no abstract); the first and third are read.
        "abstract_inverted_index missing": _jsonl(
            [_OPENALEX_1, _without(_OPENALEX_2, "abstract_inverted_index"), _OPENALEX_3]
        ),
        # The second work is skipped (title is not a string); the first and third are read.
        "display_name a number": _jsonl(
            [_OPENALEX_1, {**_OPENALEX_2, "title": 1234, "display_name": 1234}, _OPENALEX_3]
        ),
        # The second work is skipped (authors are not a list); the first and third are read.
        "authorships an object": _jsonl(
            [_OPENALEX_1, {**_OPENALEX_2, "authorships": _OPENALEX_2["authorships"][0]}, _OPENALEX_3]
        ),
        # The second line is cut off mid-record: skipped as a broken JSON line; the first and third are read.
        "truncated line": _jsonl([_OPENALEX_1]) + _cut(_jsonl([_OPENALEX_2])) + _jsonl([_OPENALEX_3]),
    },
    "s2": {
        # Semantic Scholar often has no abstract: the second paper is skipped (no abstract); the first and
        # third are read.
        "abstract null": _jsonl([_S2_1, {**_S2_2, "abstract": None}, _S2_3]),
        # The second paper is skipped (title is not a string); the first and third are read.
        "title a number": _jsonl([_S2_1, {**_S2_2, "title": 42}, _S2_3]),
        # The second paper is skipped (authors are not a list); the first and third are read.
        "authors an object": _jsonl(
            [_S2_1, {**_S2_2, "authors": {"authorId": "2283746501", "name": "Hanna Müller"}}, _S2_3]
        ),
        # The second line is cut off mid-record: skipped as a broken JSON line; the first and third are read.
        "truncated line": _jsonl([_S2_1]) + _cut(_jsonl([_S2_2])) + _jsonl([_S2_3]),
        # A response page whose data is an object, not a list: the file cannot be read (an InputError), no
        # paper is read.
        "page data an object": json.dumps({"total": 1, "offset": 0, "data": _S2_1}, ensure_ascii=False),
    },
    "openreview": {
        # v1 (a JSON list): the second note is skipped (no abstract); the first and third are read.
        "v1 abstract null": json.dumps(
            [_OPENREVIEW_V1_1, _with_content(_OPENREVIEW_V1_2, abstract=None), _OPENREVIEW_V1_3], indent=2
        ),
        # v1: the second note has no content at all: skipped (no abstract); the first and third are read.
        "v1 content missing": json.dumps(
            [_OPENREVIEW_V1_1, _without(_OPENREVIEW_V1_2, "content"), _OPENREVIEW_V1_3], indent=2
        ),
        # v1: the dump is cut off, so the list is not valid JSON: the file cannot be read (an InputError,
        # "invalid JSON"), no note is read.
        "v1 truncated file": json.dumps([_OPENREVIEW_V1_1, _OPENREVIEW_V1_2], indent=2)[:1500],
        # v2 (JSON Lines): the second note has no abstract field: skipped (no abstract); the first and third
        # are read.
        "v2 abstract missing": _jsonl(
            [_OPENREVIEW_V2_1, _content_without(_OPENREVIEW_V2_2, "abstract"), _OPENREVIEW_V2_3]
        ),
        # v2: the second note's title value is a number: skipped (title is not a string); the first and
        # third are read.
        "v2 title a number": _jsonl(
            [_OPENREVIEW_V2_1, _with_content(_OPENREVIEW_V2_2, title={"value": 512}), _OPENREVIEW_V2_3]
        ),
        # v2: the second note's authors value is an object: skipped (authors are not a list); the first and
        # third are read.
        "v2 authors an object": _jsonl(
            [
                _OPENREVIEW_V2_1,
                _with_content(_OPENREVIEW_V2_2, authors={"value": {"first": "Jean-Luc Moreau"}}),
                _OPENREVIEW_V2_3,
            ]
        ),
        # v2: the second line is cut off mid-record: skipped as a broken JSON line; the first and third are
        # read.
        "v2 truncated line": _jsonl([_OPENREVIEW_V2_1]) + _cut(_jsonl([_OPENREVIEW_V2_2])) + _jsonl([_OPENREVIEW_V2_3]),
    },
    "bibtex": {
        # The second entry's title never closes its outer brace. The second entry is skipped; the first
        # and third are read as in SAMPLE_BIBTEX (a reader resumes at the next line that starts with "@").
        "unbalanced brace": _BIB_HEAD
        + _BIB_1
        + r"""
@article{osei2022unclosed,
  title    = {An Unclosed {Brace} in the Title,
  author   = {Osei, Kwame},
  journal  = {Machine Learning},
  year     = {2022},
  abstract = {This entry never closes the brace that opens its title.}
}
"""
        + _BIB_3,
        # The second entry has no abstract field: skipped (no abstract); the first and third are read.
        "entry without abstract": _BIB_HEAD
        + _BIB_1
        + r"""
@inproceedings{hassan2021noabstract,
  title     = {Span Pruning for Nested Named Entity Recognition},
  author    = {Hassan, Ahmed and Nguy{\~{\^e}}n, Th{\d{i}} Mai},
  booktitle = {Proceedings of ACL},
  year      = {2021},
}
"""
        + _BIB_3,
        # The third entry repeats the first one's citation key: skipped (duplicate id); the first two are
        # read.
        "duplicate key": _BIB_HEAD + _BIB_1 + _BIB_3 + _BIB_1.replace("2.4\\% and 1.7\\%", "2.5\\% and 1.6\\%"),
    },
    "tei": {
        # Not well-formed XML (a raw "&" in a paragraph, as a hand edit leaves it): the file cannot be read
        # (an InputError naming it, or the file skipped as not XML); no paper.
        "not well-formed": _TEI_1.replace("MSCOCO &amp; Flickr30K", "MSCOCO & Flickr30K"),
        # Cut off in the middle of the body: not well-formed either; no paper.
        "truncated": _TEI_1[: _TEI_1.index('<head n="2">')],
        # Well-formed XML whose root is a JATS <article>, not TEI: rejected as not a TEI document; no paper.
        "root not TEI": """<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" article-type="research-article" xml:lang="en">
  <front>
    <article-meta>
      <title-group>
        <article-title>Sparse Mixture Models for Streaming Anomaly Detection</article-title>
      </title-group>
      <abstract>
        <p>We propose a sparse Gaussian mixture for streaming anomaly detection that adds and prunes
          components online. On the NAB benchmark it improves the F1 score over Isolation Forest by 6 points.</p>
      </abstract>
    </article-meta>
  </front>
  <body>
    <sec>
      <title>Introduction</title>
      <p>Streaming anomaly detection must adapt to drift without labels.</p>
    </sec>
  </body>
</article>
""",
        # GROBID output for a PDF it found no text in: an empty <abstract/> and an empty <body/> (the
        # acknowledgement in <back> does not count): skipped (no abstract); no paper.
        "no abstract and no body": _TEI_BROKEN_HEADER
        + """		<encodingDesc>
			<appInfo>
				<application version="0.8.0" ident="GROBID" when="2024-05-13T10:02+0000">
					<desc>GROBID - A machine learning software for extracting information from scholarly documents</desc>
					<ref target="https://github.com/kermitt2/grobid"/>
				</application>
			</appInfo>
		</encodingDesc>
		<profileDesc>
			<abstract/>
		</profileDesc>
	</teiHeader>
	<text xml:lang="en">
		<body/>
		<back>
			<div type="acknowledgement">
<div xmlns="http://www.tei-c.org/ns/1.0"><head>Acknowledgements</head><p>We thank the anonymous reviewers for their comments.</p></div>
			</div>
		</back>
	</text>
</TEI>
""",
    },
}
