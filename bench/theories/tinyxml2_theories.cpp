// Theories of tinyxml2's documents for `unitgen generate --theories`: print, parse again,
// print: the same text.
#include <unitgen/theory.h>

#include "tinyxml2.h"

#include <string>

namespace {

std::string printed(const tinyxml2::XMLDocument &doc) {
  tinyxml2::XMLPrinter printer;
  doc.Print(&printer);
  return printer.CStr();
}

} // namespace

UNITGEN_THEORY(tinyxml2::XMLDocument, PrintedDocumentParsesBack)
(const tinyxml2::XMLDocument &doc) {
  // Without entity processing tinyxml2 writes text as it is (documented): markup in a text
  // reads back as markup.
  UNITGEN_ASSUME(!doc.Error() && doc.ProcessEntities());
  // The API builds nodes no text holds (an empty text, text beside the root element, a
  // declaration inside an element): printing drops or rejects them once. The document the
  // printed text parses into must print, parse and print to the same text.
  tinyxml2::XMLDocument parsed(true, doc.WhitespaceMode());
  UNITGEN_ASSUME(parsed.Parse(printed(doc).c_str()) == tinyxml2::XML_SUCCESS);
  const std::string text = printed(parsed);
  tinyxml2::XMLDocument again(true, doc.WhitespaceMode());
  UNITGEN_ASSERT(again.Parse(text.c_str()) == tinyxml2::XML_SUCCESS);
  UNITGEN_ASSERT(printed(again) == text);
}
