#ifndef STRATA_CGRAPHVIZ_SHIM_H
#define STRATA_CGRAPHVIZ_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gvc.h>
#include <cgraph.h>
#include <graphviz_version.h>

// Graphviz changed cgraph's disciplines twice: 9.0 removed the memory discipline
// (`Agdisc_t.mem`, `AgMemDisc`), 13.0 removed `Agiddisc_t.alloc`. Only 14.0 and later say
// their version as a number (`GRAPHVIZ_VERSION_MAJOR`); earlier ones are told apart by
// what their headers still define: the `agnew` macro until 13.0, `FIRSTNREF` until 9.0.
#if defined(GRAPHVIZ_VERSION_MAJOR)
#define STRATA_GRAPHVIZ_MAJOR GRAPHVIZ_VERSION_MAJOR
#elif !defined(agnew)
#define STRATA_GRAPHVIZ_MAJOR 13
#elif defined(FIRSTNREF)
#define STRATA_GRAPHVIZ_MAJOR 2
#else
#define STRATA_GRAPHVIZ_MAJOR 9
#endif

// cgraph's default ID discipline uses the address of each name's string as its ID, and
// keeps subgraphs ordered by ID: clusters were then drawn in an order that changed from
// run to run with the memory allocator. This discipline numbers names in the order they
// are read, so the same DOT always gives the same SVG.

typedef struct {
    char **names;            // ID / 2 - 1 → name
    size_t count, capacity;
    size_t *slots;           // open-addressing table of name index + 1
    size_t slotCount;        // a power of two, at most half full
    IDTYPE nextAnonymous;    // odd IDs, as cgraph expects for unnamed objects
} strata_names;

static inline size_t strata_name_hash(const char *text) {
    size_t hash = (size_t)1469598103934665603ULL;
    while (*text) { hash ^= (unsigned char)*text++; hash *= (size_t)1099511628211ULL; }
    return hash;
}

static inline void *strata_ids_open(Agraph_t *graph, Agdisc_t *disc) {
    (void)graph; (void)disc;
    strata_names *names = calloc(1, sizeof *names);
    if (names) names->nextAnonymous = 1;
    return names;
}

static inline int strata_ids_grow(strata_names *names) {
    size_t slotCount = names->slotCount ? names->slotCount * 2 : 256;
    size_t *slots = calloc(slotCount, sizeof *slots);
    if (!slots) return 0;
    for (size_t index = 0; index < names->count; index++) {
        size_t slot = strata_name_hash(names->names[index]) & (slotCount - 1);
        while (slots[slot]) slot = (slot + 1) & (slotCount - 1);
        slots[slot] = index + 1;
    }
    free(names->slots);
    names->slots = slots;
    names->slotCount = slotCount;
    return 1;
}

static inline long strata_ids_map(void *state, int objtype, char *text, IDTYPE *id, int create) {
    (void)objtype;
    strata_names *names = state;
    if (!names) return 0;
    if (!text) {
        *id = names->nextAnonymous;
        names->nextAnonymous += 2;
        return 1;
    }
    if (names->slotCount) {
        size_t slot = strata_name_hash(text) & (names->slotCount - 1);
        while (names->slots[slot]) {
            size_t index = names->slots[slot] - 1;
            if (strcmp(names->names[index], text) == 0) { *id = (IDTYPE)(index + 1) * 2; return 1; }
            slot = (slot + 1) & (names->slotCount - 1);
        }
    }
    if (!create) return 0;
    if ((names->count + 1) * 2 > names->slotCount && !strata_ids_grow(names)) return 0;
    if (names->count == names->capacity) {
        size_t capacity = names->capacity ? names->capacity * 2 : 256;
        char **grown = realloc(names->names, capacity * sizeof *grown);
        if (!grown) return 0;
        names->names = grown;
        names->capacity = capacity;
    }
    char *copy = strdup(text);
    if (!copy) return 0;
    names->names[names->count] = copy;
    size_t slot = strata_name_hash(text) & (names->slotCount - 1);
    while (names->slots[slot]) slot = (slot + 1) & (names->slotCount - 1);
    names->slots[slot] = names->count + 1;
    names->count += 1;
    *id = (IDTYPE)names->count * 2;
    return 1;
}

static inline long strata_ids_alloc(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id;
    return 0;
}

static inline void strata_ids_free(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id;  // names live until the graph is closed
}

static inline char *strata_ids_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    strata_names *names = state;
    if (!names || id % 2 != 0 || id == 0 || id / 2 > names->count) return 0;
    return names->names[id / 2 - 1];
}

static inline void strata_ids_close(void *state) {
    strata_names *names = state;
    if (!names) return;
    for (size_t index = 0; index < names->count; index++) free(names->names[index]);
    free(names->names);
    free(names->slots);
    free(names);
}

static inline void strata_ids_register(void *state, int objtype, void *object) {
    (void)state; (void)objtype; (void)object;
}

typedef struct {
    const char *text;
    size_t length, position;
} strata_dot_reader;

static inline int strata_dot_read(void *channel, char *buffer, int size) {
    strata_dot_reader *reader = channel;
    if (size <= 0 || reader->position >= reader->length) return 0;
    int count = 0;
    char character;
    do {
        character = reader->text[reader->position++];
        buffer[count++] = character;
    } while (character != '\n' && count < size && reader->position < reader->length);
    return count;
}

/// Reads DOT text into a graph with names numbered in reading order.
static inline Agraph_t *strata_read_dot(const char *text) {
    static Agiddisc_t ids = {
        .open = strata_ids_open, .map = strata_ids_map,
#if STRATA_GRAPHVIZ_MAJOR < 13
        .alloc = strata_ids_alloc,
#endif
        .free = strata_ids_free, .print = strata_ids_print, .close = strata_ids_close,
        .idregister = strata_ids_register,
    };
    // The default IO discipline with DOT read from memory (4.x named a member `printf`
    // where the others say `putstr`: copying the whole discipline works with both).
    static Agiodisc_t io;
    io = AgIoDisc;
    io.afread = strata_dot_read;
    Agdisc_t disc = {
#if STRATA_GRAPHVIZ_MAJOR < 9
        .mem = &AgMemDisc,
#endif
        .id = &ids, .io = &io,
    };
    strata_dot_reader reader = { text, strlen(text), 0 };
    return agread(&reader, &disc);
}

/// Renders a laid-out graph as SVG into memory. `gvRenderData`'s length parameter changed
/// type between Graphviz releases (unsigned int, then size_t); `gvRender` into a memory
/// stream has one signature everywhere. The caller frees `*data` with `free`.
static inline int strata_render_svg(GVC_t *context, Agraph_t *graph, char **data, size_t *length) {
    *data = 0;
    *length = 0;
    FILE *stream = open_memstream(data, length);
    if (!stream) return -1;
    int status = gvRender(context, graph, "svg", stream);
    if (fclose(stream) != 0) status = -1;
    return status;
}
// cgraph's edge ends are macros, which Swift cannot call.
static inline Agnode_t *strata_edge_tail(Agedge_t *edge) { return agtail(edge); }
static inline Agnode_t *strata_edge_head(Agedge_t *edge) { return aghead(edge); }

#endif
