/*
 * External scanner of the mdip grammar: the line terminator.
 *
 * Every line of an .mdip file ends with a NEWLINE token: a line feed (optionally preceded by a
 * carriage return) or, for a last line that has no line feed, the end of the file. Producing the
 * token at the end of the file is what lets the grammar require one line per order without
 * demanding a trailing newline.
 */

#include "tree_sitter/alloc.h"
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

enum TokenType { NEWLINE };

/* The scanner keeps one byte: whether the end-of-file NEWLINE was already produced. */
typedef struct {
  bool eof_newline_done;
} Scanner;

void *tree_sitter_mdip_external_scanner_create(void) {
  Scanner *scanner = (Scanner *)ts_calloc(1, sizeof(Scanner));
  return scanner;
}

void tree_sitter_mdip_external_scanner_destroy(void *payload) { ts_free(payload); }

unsigned tree_sitter_mdip_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *scanner = (Scanner *)payload;
  buffer[0] = (char)scanner->eof_newline_done;
  return 1;
}

void tree_sitter_mdip_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  Scanner *scanner = (Scanner *)payload;
  scanner->eof_newline_done = length > 0 && buffer[0] != 0;
}

static bool is_blank(int32_t c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

bool tree_sitter_mdip_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
  Scanner *scanner = (Scanner *)payload;
  if (!valid_symbols[NEWLINE]) {
    return false;
  }
  while (is_blank(lexer->lookahead)) {
    lexer->advance(lexer, true);
  }
  if (lexer->lookahead == '\r') {
    lexer->advance(lexer, false);
    if (lexer->lookahead != '\n') {
      return false;
    }
  }
  if (lexer->lookahead == '\n') {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    lexer->result_symbol = NEWLINE;
    return true;
  }
  if (lexer->eof(lexer) && !scanner->eof_newline_done && lexer->get_column(lexer) > 0) {
    scanner->eof_newline_done = true;
    lexer->mark_end(lexer);
    lexer->result_symbol = NEWLINE;
    return true;
  }
  return false;
}
