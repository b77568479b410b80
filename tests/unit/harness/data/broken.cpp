// A TU that does not compile on its own: left out, the rest still archived.
int broken( { return 0; }
