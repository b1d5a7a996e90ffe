"""`kg train`: the recipe that rebuilds the shipped recognizer, and its teacher. Outside kg.nlp, so that
editing them leaves the pipeline fingerprint (and every parse cache) as it is."""
