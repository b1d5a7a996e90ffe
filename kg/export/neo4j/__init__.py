"""Neo4j: the bulk-import files a build writes (files) and `kg neo4j push` over Bolt (push)."""
