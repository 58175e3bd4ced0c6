/*
 * ast.h - the syntax tree of a Quasar module.
 *
 * One node struct for every kind (ast.def), with a few general fields whose meaning
 * depends on the kind, listed below. Nodes, lists, names and types live in the module's
 * arena. Every node carries its source location.
 *
 *   INT ival | REAL, IMAG rval | STRING, IDENT name | UNARY, BINARY op a [b]
 *   TERNARY a ? b : c | RANGE a .. [b ..] c   (b is the step, NULL when absent)
 *   CALL, INDEX a(args) | FIELD a.name | NAMED_ARG name := a | SPREAD ...a
 *   MATRIX, CELL, SEQ, TUPLE args | LAMBDA params=args, body a, flags
 *   TYPED a : type | MODIFIED a'name | TYPE_DIMS a{b}  (b NULL for ':')
 *   ASSIGN a op= b (op is the token, T_EQ for plain) | EXCHANGE a <- b
 *   PRINT, ERROR_STMT args | IF args = IF_ARMs (a = condition, NULL for else; body)
 *   FOR name = a; body; label | WHILE a; body; label | REPEAT body; until a; label
 *   MATCH a; args = CASEs (args = patterns; body) | TRY body; catch name; args2
 *   BREAK, CONTINUE label | SYNCTHREADS name (NULL: block) | IMPORT name | PRAGMA name
 *   ATTRIBUTE name; args = ATTR_ITEMs (name, value a or NULL)
 *   TYPEDEF name; generics args3; op = class kind; type (alias) or args = field PARAMs
 *   REDUCTION params args; pattern a; replacement b; where-condition c
 *   FUNCTION name; flags; generics args3; outputs args2; params args; body
 *   PARAM name; type; default a; flags (NODE_VARIADIC)
 */
#ifndef LANG_AST_H
#define LANG_AST_H

#include "lang/arena.h"
#include "lang/diag.h"
#include "lang/lexer.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum NodeKind {
#define NODE(name, what) N_##name,
#include "lang/ast.def"
#undef NODE
    N__COUNT
} NodeKind;

typedef struct Node Node;
typedef struct LangType LangType;

typedef struct NodeList {
    Node **items;
    int n;
} NodeList;

enum {
    NODE_KERNEL = 1 << 0,       /* __kernel__ function or lambda */
    NODE_DEVICE = 1 << 1,       /* __device__ function or lambda */
    NODE_VARIADIC = 1 << 2,     /* ...param */
};

typedef enum ClassKind {
    CLASS_NONE,                 /* type alias */
    CLASS_IMMUTABLE,
    CLASS_MUTABLE,
    CLASS_DYNAMIC,
} ClassKind;

struct Node {
    NodeKind kind;
    LangLoc loc;
    int op;
    int flags;
    const char *name;
    const char *label;
    int64_t ival;
    double rval;
    Node *a, *b, *c;
    NodeList args, args2, args3;
    NodeList body;
    LangType *type;
    /* filled by resolve.c */
    const char **captures;      /* LAMBDA, FUNCTION: outer names used inside */
    int ncaptures;
    /* filled by the runtime's scope pass (runtime/scope.c) before the module runs;
     * the front end leaves them zero */
    int slot;                   /* frame or global slot of a name */
    int bind;                   /* how the name is bound (runtime/interp.h RT_BIND_*) */
    void *rt;                   /* FUNCTION, LAMBDA: frame layout; IDENT: builtin */
    /* FOR: the verdict of the loop parallelizer (lang/autopar.h), NULL when none */
    struct LangAutopar *par;
    /* BINARY, UNARY, CALL: a fused elementwise kernel (lang/fuse.h), NULL when none */
    struct LangFuse *fuse;
};

typedef enum TypeKind {
    TY_NAME,        /* name [elems] {dim} (sizes), e.g. cube[int]{4}, vec(4), vec3 */
    TY_UNKNOWN,     /* ?? */
    TY_POINTER,     /* ^target */
    TY_UNION,       /* [a | b | c]: elems */
    TY_FUNC,        /* [kind params -> results]: elems are params, results */
    TY_TUPLE,       /* (a, b) or () : elems */
    TY_MODS,        /* only modifiers: 'shared */
} TypeKind;

struct LangType {
    TypeKind kind;
    LangLoc loc;
    const char *name;
    LangType **elems;
    int nelems;
    bool has_elems;             /* vec[...] written */
    LangType **results;
    int nresults;
    bool has_dim;               /* {n} written; dim NULL means {:} */
    Node *dim;
    bool has_sizes;             /* (n, :, m) written; NULL entries mean ':' */
    Node **sizes;
    int nsizes;
    const char **mods;
    int nmods;
    LangType *target;
    int fn_flags;               /* NODE_KERNEL / NODE_DEVICE */
    bool variadic;              /* [...T -> R] */
};

struct LangModule {
    LangArena arena;
    LangSource src;
    char *text;                 /* owned copy of the source */
    TokenList toks;
    NodeList body;
    int end_style_line;         /* first end keyword seen, for the mixing rule */
    bool end_style_new;
};

const char *lang_node_what(NodeKind k);

/* Every name that `n` declares in the scope of its function (resolve.c): assignment
 * targets, for-loop variables and catch names, and, as `fixed`, the names of functions and
 * types. Nested functions and lambdas are not entered. The resolver and the runtime's
 * scope pass share it, so both agree on what a function's variables are. */
typedef void (*LangDeclareFn)(void *ctx, const char *name, bool fixed);
void lang_declarations(Node *n, LangDeclareFn fn, void *ctx);

#endif
