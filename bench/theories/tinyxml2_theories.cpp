// Theories of tinyxml2's documents for `unitgen generate --theories`: a document's printed
// text, parsed and printed again, is the same text.
#include <unitgen/theory.h>

#include "tinyxml2.h"

#include <string>

UNITGEN_THEORY(tinyxml2::XMLDocument, PrintedDocumentParsesBack)
(const tinyxml2::XMLDocument &doc) {
  // Without entity processing tinyxml2 writes text as it is (documented): markup in a text
  // reads back as markup.
  UNITGEN_ASSUME(!doc.Error() && doc.ProcessEntities());
  tinyxml2::XMLPrinter printed;
  doc.Print(&printed);
  tinyxml2::XMLDocument again(true, doc.WhitespaceMode());
  // The API builds what no text holds (text beside the root element, a declaration inside an
  // element, an empty document): such a document says nothing here.
  UNITGEN_ASSUME(again.Parse(printed.CStr()) == tinyxml2::XML_SUCCESS);
  tinyxml2::XMLPrinter reprinted;
  again.Print(&reprinted);
  UNITGEN_ASSERT(std::string(printed.CStr()) == reprinted.CStr());
}
