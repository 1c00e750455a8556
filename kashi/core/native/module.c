/*
** kashi.core.native._core: the compiled core as a Python module, written against CPython's
** limited API so that one build serves every Python from 3.11.
**
**   Rng(seed)                 the core's SplitMix64 stream (random, next)
**   State(family, fields)     a game's state built from its fields; ValueError when malformed
**   random_games(state, games, seed)          uniformly random self-play from copies of state
**   search(state, order, iterations, ...)     Monte Carlo tree search (search.h)
**
** The long loops (self-play, search) run with the GIL released on a private copy of the state.
*/
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "search.h"

enum { ERROR_SIZE = 200 };

typedef struct RngObject {
  PyObject_HEAD
  KashiRng rng;
} RngObject;

typedef struct StateObject {
  PyObject_HEAD
  const KashiGame *game;
  void *state; /* game->state_size bytes of PyMem */
} StateObject;

static PyObject *rng_type;   /* the Rng class */
static PyObject *state_type; /* the State class */
static PyObject *illegal_action; /* IllegalAction, a ValueError */

/* ---- helpers ---------------------------------------------------------------------------- */

static PyObject *new_object(PyObject *type) {
  allocfunc alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
  return alloc((PyTypeObject *)type, 0);
}

static void free_object(PyObject *self) {
  PyTypeObject *type = Py_TYPE(self);
  freefunc release = (freefunc)PyType_GetSlot(type, Py_tp_free);
  release(self);
  Py_DECREF(type);
}

static int is_instance(PyObject *object, PyObject *type, const char *what) {
  int found = PyObject_IsInstance(object, type);
  if (found == 0) PyErr_Format(PyExc_TypeError, "expected %s", what);
  return found == 1;
}

static StateObject *wrap_copy(const KashiGame *game, const void *state) {
  StateObject *copy = (StateObject *)new_object(state_type);
  if (copy == NULL) return NULL;
  copy->game = game;
  copy->state = PyMem_Malloc(game->state_size);
  if (copy->state == NULL) {
    Py_DECREF(copy);
    return (StateObject *)PyErr_NoMemory();
  }
  memcpy(copy->state, state, game->state_size);
  return copy;
}

static PyObject *int_list(const int *values, int count) {
  PyObject *list = PyList_New(count);
  if (list == NULL) return NULL;
  for (int index = 0; index < count; index++) {
    PyObject *item = PyLong_FromLong(values[index]);
    if (item == NULL) {
      Py_DECREF(list);
      return NULL;
    }
    PyList_SetItem(list, index, item);
  }
  return list;
}

/* An action id from a Python int; -1 with an exception when it is not an int. */
static int read_action(PyObject *argument, int *action) {
  long value = PyLong_AsLong(argument);
  if (value == -1 && PyErr_Occurred()) return -1;
  *action = value < -1 || value > KASHI_MAX_ACTIONS ? -1 : (int)value;
  return 0;
}

/* ---- Rng --------------------------------------------------------------------------------- */

static PyObject *rng_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  unsigned long long seed;
  if (kwargs != NULL && PyDict_Size(kwargs)) {
    PyErr_SetString(PyExc_TypeError, "Rng takes its seed only");
    return NULL;
  }
  if (!PyArg_ParseTuple(args, "K", &seed)) return NULL;
  RngObject *self = (RngObject *)new_object((PyObject *)type);
  if (self != NULL) kashi_rng_seed(&self->rng, seed);
  return (PyObject *)self;
}

static PyObject *rng_random(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyFloat_FromDouble(kashi_rng_unit(&((RngObject *)self)->rng));
}

static PyObject *rng_next(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyLong_FromUnsignedLongLong(kashi_rng_next(&((RngObject *)self)->rng));
}

static PyMethodDef rng_methods[] = {
    {"random", rng_random, METH_NOARGS, "A float in [0, 1), as Python's random() and kashi.core.splitmix."},
    {"next", rng_next, METH_NOARGS, "The next 64 random bits."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot rng_slots[] = {
    {Py_tp_new, rng_new},
    {Py_tp_dealloc, free_object},
    {Py_tp_methods, rng_methods},
    {Py_tp_doc, "The compiled core's SplitMix64 random numbers."},
    {0, NULL},
};

static PyType_Spec rng_spec = {"kashi.core.native._core.Rng", sizeof(RngObject), 0, Py_TPFLAGS_DEFAULT, rng_slots};

/* ---- State -------------------------------------------------------------------------------- */

static PyObject *state_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  const char *family;
  PyObject *sequence;
  if (kwargs != NULL && PyDict_Size(kwargs)) {
    PyErr_SetString(PyExc_TypeError, "State takes a family and fields");
    return NULL;
  }
  if (!PyArg_ParseTuple(args, "sO", &family, &sequence)) return NULL;
  const KashiGame *game = kashi_game_named(family);
  if (game == NULL) return PyErr_Format(PyExc_ValueError, "no compiled engine for %s", family);
  Py_ssize_t count = PySequence_Size(sequence);
  if (count < 0) return NULL;
  if (count > KASHI_MAX_FIELDS) return PyErr_Format(PyExc_ValueError, "%zd fields, more than any game has", count);
  int64_t fields[KASHI_MAX_FIELDS];
  for (Py_ssize_t index = 0; index < count; index++) {
    PyObject *item = PySequence_GetItem(sequence, index);
    if (item == NULL) return NULL;
    long long value = PyLong_AsLongLong(item);
    Py_DECREF(item);
    if (value == -1 && PyErr_Occurred()) return NULL;
    fields[index] = value;
  }
  StateObject *self = (StateObject *)new_object((PyObject *)type);
  if (self == NULL) return NULL;
  self->game = game;
  self->state = PyMem_Malloc(game->state_size);
  if (self->state == NULL) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  char error[ERROR_SIZE] = "";
  if (game->read_fields(self->state, fields, (int)count, error, sizeof error) != KASHI_OK) {
    Py_DECREF(self);
    return PyErr_Format(PyExc_ValueError, "malformed %s position: %s", family, error);
  }
  return (PyObject *)self;
}

static void state_dealloc(PyObject *self) {
  PyMem_Free(((StateObject *)self)->state);
  free_object(self);
}

static PyObject *state_family(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyUnicode_FromString(((StateObject *)self)->game->family);
}

static PyObject *state_fields(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = (StateObject *)self;
  int64_t fields[KASHI_MAX_FIELDS];
  int count = native->game->write_fields(native->state, fields);
  PyObject *tuple = PyTuple_New(count);
  if (tuple == NULL) return NULL;
  for (int index = 0; index < count; index++) {
    PyObject *item = PyLong_FromLongLong(fields[index]);
    if (item == NULL) {
      Py_DECREF(tuple);
      return NULL;
    }
    PyTuple_SetItem(tuple, index, item);
  }
  return tuple;
}

static PyObject *state_copy(PyObject *self, PyObject *unused) {
  (void)unused;
  return (PyObject *)wrap_copy(((StateObject *)self)->game, ((StateObject *)self)->state);
}

static PyObject *state_current_player(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyLong_FromLong(((StateObject *)self)->game->current_player(((StateObject *)self)->state));
}

static PyObject *state_num_actions(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyLong_FromLong(((StateObject *)self)->game->num_actions(((StateObject *)self)->state));
}

static PyObject *state_legal_actions(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = (StateObject *)self;
  int actions[KASHI_MAX_ACTIONS];
  return int_list(actions, native->game->legal_actions(native->state, actions));
}

static PyObject *state_is_legal(PyObject *self, PyObject *argument) {
  StateObject *native = (StateObject *)self;
  int action;
  if (read_action(argument, &action) < 0) return NULL;
  return PyBool_FromLong(native->game->is_legal(native->state, action));
}

static PyObject *state_apply(PyObject *self, PyObject *argument) {
  StateObject *native = (StateObject *)self;
  int action;
  if (read_action(argument, &action) < 0) return NULL;
  if (native->game->apply(native->state, action) != KASHI_OK) {
    PyErr_SetObject(illegal_action, argument);
    return NULL;
  }
  Py_RETURN_NONE;
}

static KashiRng *rng_of(PyObject *argument) {
  return is_instance(argument, rng_type, "an Rng") ? &((RngObject *)argument)->rng : NULL;
}

static PyObject *state_apply_chance(PyObject *self, PyObject *argument) {
  StateObject *native = (StateObject *)self;
  KashiRng *rng = rng_of(argument);
  if (rng == NULL) return NULL;
  if (native->game->current_player(native->state) != KASHI_CHANCE) {
    return PyErr_Format(illegal_action, "no chance event is due");
  }
  native->game->apply_chance(native->state, rng);
  Py_RETURN_NONE;
}

/* One step of the random play both engines make alike: the due chance event, or the legal
   action at floor(unit * count); the action played, -1 for chance, -2 when the game is over. */
static PyObject *state_random_step(PyObject *self, PyObject *argument) {
  StateObject *native = (StateObject *)self;
  const KashiGame *game = native->game;
  KashiRng *rng = rng_of(argument);
  if (rng == NULL) return NULL;
  int player = game->current_player(native->state);
  if (player == KASHI_CHANCE) {
    game->apply_chance(native->state, rng);
    return PyLong_FromLong(KASHI_CHANCE);
  }
  int actions[KASHI_MAX_ACTIONS];
  int count = player < 0 ? 0 : game->legal_actions(native->state, actions);
  if (!count) return PyLong_FromLong(KASHI_TERMINAL);
  int action = actions[kashi_rng_below(rng, count)];
  game->apply(native->state, action);
  return PyLong_FromLong(action);
}

static PyObject *state_rollout_action(PyObject *self, PyObject *argument) {
  StateObject *native = (StateObject *)self;
  KashiRng *rng = rng_of(argument);
  if (rng == NULL) return NULL;
  if (native->game->current_player(native->state) < 0) return PyErr_Format(illegal_action, "no seat is to move");
  return PyLong_FromLong(native->game->rollout_action(native->state, rng));
}

static PyObject *state_evaluate(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = (StateObject *)self;
  double values[KASHI_MAX_PLAYERS];
  int players = native->game->num_players(native->state);
  native->game->evaluate(native->state, values);
  PyObject *tuple = PyTuple_New(players);
  if (tuple == NULL) return NULL;
  for (int seat = 0; seat < players; seat++) PyTuple_SetItem(tuple, seat, PyFloat_FromDouble(values[seat]));
  return tuple;
}

static PyObject *state_scores(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = (StateObject *)self;
  int values[KASHI_MAX_PLAYERS];
  native->game->scores(native->state, values);
  PyObject *list = int_list(values, native->game->num_players(native->state));
  if (list == NULL) return NULL;
  PyObject *tuple = PyList_AsTuple(list);
  Py_DECREF(list);
  return tuple;
}

static PyObject *state_sizeof(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyLong_FromSize_t(sizeof(StateObject) + ((StateObject *)self)->game->state_size);
}

static PyMethodDef state_methods[] = {
    {"family", state_family, METH_NOARGS, "The game family's name."},
    {"fields", state_fields, METH_NOARGS, "The position as the game's fields."},
    {"copy", state_copy, METH_NOARGS, "An independent copy."},
    {"current_player", state_current_player, METH_NOARGS, "The seat to move, -1 for chance, -2 when over."},
    {"num_actions", state_num_actions, METH_NOARGS, "The size of the action space."},
    {"legal_actions", state_legal_actions, METH_NOARGS, "The legal action ids, in the Python engine's order."},
    {"is_legal", state_is_legal, METH_O, "Whether an action id is legal now."},
    {"apply", state_apply, METH_O, "Play a legal action id; IllegalAction, and nothing changed, otherwise."},
    {"apply_chance", state_apply_chance, METH_O, "Draw the due chance event with an Rng and apply it."},
    {"random_step", state_random_step, METH_O, "Chance, or the legal action at floor(random() * count)."},
    {"rollout_action", state_rollout_action, METH_O, "The game's rollout policy's action."},
    {"evaluate", state_evaluate, METH_NOARGS, "The game's evaluation per seat."},
    {"scores", state_scores, METH_NOARGS, "The headline scores."},
    {"__sizeof__", state_sizeof, METH_NOARGS, "Bytes held: the object and the engine's state."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot state_slots[] = {
    {Py_tp_new, state_new},
    {Py_tp_dealloc, state_dealloc},
    {Py_tp_methods, state_methods},
    {Py_tp_doc, "A position of a game held by its compiled engine."},
    {0, NULL},
};

static PyType_Spec state_spec = {"kashi.core.native._core.State", sizeof(StateObject), 0, Py_TPFLAGS_DEFAULT,
                                 state_slots};

/* ---- the long loops ------------------------------------------------------------------------- */

static StateObject *state_argument(PyObject *argument) {
  return is_instance(argument, state_type, "a State") ? (StateObject *)argument : NULL;
}

typedef struct SelfPlay {
  long long games;
  long long moves;
  long long score_total; /* every seat's final score, summed over the games */
} SelfPlay;

static void play_random_games(const KashiGame *game, const void *start, long long games, KashiRng *rng,
                              void *state, SelfPlay *totals) {
  int actions[KASHI_MAX_ACTIONS], scores[KASHI_MAX_PLAYERS];
  for (long long played = 0; played < games; played++) {
    memcpy(state, start, game->state_size);
    for (;;) {
      int player = game->current_player(state);
      if (player == KASHI_CHANCE) {
        game->apply_chance(state, rng);
        continue;
      }
      int count = player < 0 ? 0 : game->legal_actions(state, actions);
      if (!count) break;
      game->apply(state, actions[kashi_rng_below(rng, count)]);
      totals->moves++;
    }
    game->scores(state, scores);
    for (int seat = 0; seat < game->num_players(state); seat++) totals->score_total += scores[seat];
    totals->games++;
  }
}

static PyObject *random_games(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *argument;
  long long games;
  unsigned long long seed;
  if (!PyArg_ParseTuple(args, "OLK", &argument, &games, &seed)) return NULL;
  StateObject *start = state_argument(argument);
  if (start == NULL) return NULL;
  const KashiGame *game = start->game;
  void *copy = PyMem_Malloc(game->state_size * 2);
  if (copy == NULL) return PyErr_NoMemory();
  memcpy(copy, start->state, game->state_size);
  SelfPlay totals = {0, 0, 0};
  KashiRng rng;
  kashi_rng_seed(&rng, seed);
  Py_BEGIN_ALLOW_THREADS
  play_random_games(game, copy, games, &rng, (char *)copy + game->state_size, &totals);
  Py_END_ALLOW_THREADS
  PyMem_Free(copy);
  return Py_BuildValue("(LLL)", totals.games, totals.moves, totals.score_total);
}

static PyObject *search(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *argument, *order;
  KashiSearchSettings settings;
  if (!PyArg_ParseTuple(args, "OOidddidppK", &argument, &order, &settings.iterations, &settings.seconds,
                        &settings.exploration, &settings.widening, &settings.rollout_plies, &settings.scale,
                        &settings.early_stop, &settings.stop_at_chance, &settings.seed)) {
    return NULL;
  }
  StateObject *root = state_argument(argument);
  if (root == NULL) return NULL;
  if (settings.iterations < 1 || settings.scale <= 0) return PyErr_Format(PyExc_ValueError, "bad search settings");
  Py_ssize_t order_count = PySequence_Size(order);
  if (order_count < 0) return NULL;
  if (order_count > KASHI_MAX_ACTIONS) return PyErr_Format(PyExc_ValueError, "more root moves than actions");
  int root_order[KASHI_MAX_ACTIONS];
  for (Py_ssize_t index = 0; index < order_count; index++) {
    PyObject *item = PySequence_GetItem(order, index);
    if (item == NULL) return NULL;
    int failed = read_action(item, &root_order[index]);
    Py_DECREF(item);
    if (failed) return NULL;
  }
  const KashiGame *game = root->game;
  void *copy = PyMem_Malloc(game->state_size);
  if (copy == NULL) return PyErr_NoMemory();
  memcpy(copy, root->state, game->state_size);
  KashiSearchResult result;
  int failed;
  Py_BEGIN_ALLOW_THREADS
  failed = kashi_search(game, copy, root_order, (int)order_count, &settings, &result);
  Py_END_ALLOW_THREADS
  PyMem_Free(copy);
  if (failed) return PyErr_NoMemory();
  PyObject *children = PyList_New(result.child_count);
  for (int index = 0; children != NULL && index < result.child_count; index++) {
    KashiRootChild *child = &result.children[index];
    PyList_SetItem(children, index, Py_BuildValue("(iid)", child->action, child->visits, child->total));
  }
  free(result.children);
  if (children == NULL) return NULL;
  return Py_BuildValue("(iN)", result.iterations, children);
}

static PyMethodDef module_methods[] = {
    {"random_games", random_games, METH_VARARGS,
     "random_games(state, games, seed): uniformly random self-play from copies of state; (games, moves, score total)."},
    {"search", search, METH_VARARGS,
     "search(state, root_order, iterations, seconds, exploration, widening, rollout_plies, scale, early_stop, "
     "stop_at_chance, seed): MCTS; (iterations done, [(action, visits, total) per root child])."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_core", "The compiled core of kashi's engines and search.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
  PyObject *module = PyModule_Create(&module_definition);
  if (module == NULL) return NULL;
  rng_type = PyType_FromSpec(&rng_spec);
  state_type = PyType_FromSpec(&state_spec);
  illegal_action = PyErr_NewException("kashi.core.native._core.IllegalAction", PyExc_ValueError, NULL);
  if (rng_type == NULL || state_type == NULL || illegal_action == NULL) goto fail;
  PyObject *families = PyList_New(0);
  for (int index = 0; families != NULL && kashi_games[index] != NULL; index++) {
    PyObject *name = PyUnicode_FromString(kashi_games[index]->family);
    if (name == NULL || PyList_Append(families, name) < 0) Py_CLEAR(families);
    Py_XDECREF(name);
  }
  if (families == NULL) goto fail;
  if (PyModule_AddObject(module, "FAMILIES", families) < 0) {
    Py_DECREF(families);
    goto fail;
  }
  Py_INCREF(rng_type);
  Py_INCREF(state_type);
  Py_INCREF(illegal_action);
  if (PyModule_AddObject(module, "Rng", rng_type) < 0 || PyModule_AddObject(module, "State", state_type) < 0 ||
      PyModule_AddObject(module, "IllegalAction", illegal_action) < 0) {
    goto fail;
  }
  return module;
fail:
  Py_DECREF(module);
  return NULL;
}
