"""Template retrieval: filter the library by cluster and setup, rank by BM25 or MiniLM."""
