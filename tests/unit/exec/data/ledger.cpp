// Ledger: text long enough to live on the heap from the start, so that growing it frees a buffer.
#include "ledger.h"

Ledger::Ledger() : text_("a ledger's first line, on the heap") {}

void Ledger::append(const std::string &entry) { text_ += entry; }
