/*
 * limits.h - every limit and switch of the front end, each with its reason.
 *
 * The parser must survive any input (it is fuzzed), so everything that grows with the
 * input is bounded here rather than by the C stack or by patience.
 */
#ifndef LANG_LIMITS_H
#define LANG_LIMITS_H

/* Nesting of expressions, statements and types. Recursive descent uses the C stack;
 * 200 levels is far beyond real code and far below an 8 MiB stack. */
#define LANG_MAX_NESTING 200

/* Errors reported for one file before the parser gives up on it. More than this is
 * noise for a person and quadratic work for the fuzzer. */
#define LANG_MAX_ERRORS 50

/* Import chains (a imports b imports c ...). Cycles are cut by the module table; this
 * bounds the depth of an acyclic chain. */
#define LANG_MAX_IMPORT_DEPTH 64

/* Source files larger than this are refused: they are not programs. */
#define LANG_MAX_SOURCE_BYTES (64u << 20)

#endif
