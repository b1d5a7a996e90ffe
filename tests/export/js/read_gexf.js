// Reads a GEXF file with graphology-gexf, the parser Gephi Lite uses, and prints what it found as JSON:
// node and edge counts, how many nodes have a colour, a positive size and a position, and the JS types of
// attributes.
const fs = require("fs");
const Graph = require("graphology");
const gexf = require("graphology-gexf");

const graph = gexf.parse(Graph, fs.readFileSync(process.argv[2], "utf8"));
const types = (attrs, out) => {
  for (const [key, value] of Object.entries(attrs)) (out[key] ??= new Set()).add(typeof value);
};
const nodeTypes = {};
const edgeTypes = {};
let colored = 0;
let sized = 0;
let positioned = 0;
graph.forEachNode((_, attrs) => {
  if (attrs.color) colored += 1;
  if (attrs.size > 0) sized += 1;
  if (Number.isFinite(attrs.x) && Number.isFinite(attrs.y)) positioned += 1;
  types(attrs, nodeTypes);
});
graph.forEachEdge((_, attrs) => types(attrs, edgeTypes));
const lists = (sets) => Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, [...v].sort()]));
console.log(JSON.stringify({
  nodes: graph.order,
  edges: graph.size,
  type: graph.type,
  colored,
  sized,
  positioned,
  nodeAttributes: lists(nodeTypes),
  edgeAttributes: lists(edgeTypes),
}));
