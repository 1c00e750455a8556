/*
** kashi.core.native._core: the compiled core as a Python module, written against CPython's
** limited API so that one build serves every Python from 3.11.
**
**   Rng(seed)                 the core's SplitMix64 stream (random, next)
**   State(family, fields)     a game's state built from its fields; ValueError when malformed
**   random_games(state, games, seed)          uniformly random self-play from copies of state
**   search(state, order, iterations, ...)     Monte Carlo tree search (search.h)
**   greedy_values(state), sample_margins(...)  greedy play and greedy playouts (playout.h)
**   Batch(starts, games, reward, teams)       games stepped together for self-play (batch.h),
**                                             writing into NumPy arrays through the buffer protocol
**
** The long loops (self-play, search) run with the GIL released on a private copy of the state.
*/
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030B0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "game.h"
#include "playout.h"
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
static PyObject *batch_type; /* the Batch class */
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

/* An action id from a Python int (-1, which every game refuses, for one beyond any int); -1
   with an exception when it is not an int. Each game checks the id against its own space. */
static int read_action(PyObject *argument, int *action) {
  long value = PyLong_AsLong(argument);
  if (value == -1 && PyErr_Occurred()) return -1;
  *action = value < -1 || value > INT_MAX ? -1 : (int)value;
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

static PyObject *int64_tuple(const int64_t *values, int count) {
  PyObject *tuple = PyTuple_New(count);
  if (tuple == NULL) return NULL;
  for (int index = 0; index < count; index++) {
    PyObject *item = PyLong_FromLongLong(values[index]);
    if (item == NULL) {
      Py_DECREF(tuple);
      return NULL;
    }
    PyTuple_SetItem(tuple, index, item);
  }
  return tuple;
}

static PyObject *state_fields(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = (StateObject *)self;
  int64_t fields[KASHI_MAX_FIELDS];
  return int64_tuple(fields, native->game->write_fields(native->state, fields));
}

static PyObject *state_packed(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = (StateObject *)self;
  if (native->game->write_packed == NULL) return PyErr_Format(PyExc_TypeError, "%s packs no rows", native->game->family);
  int64_t row[KASHI_MAX_FIELDS];
  native->game->write_packed(native->state, row);
  return int64_tuple(row, native->game->packed_width(native->state));
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
  int64_t scores[KASHI_MAX_PLAYERS];
  int players = native->game->num_players(native->state);
  native->game->scores(native->state, values);
  for (int seat = 0; seat < players; seat++) scores[seat] = values[seat];
  return int64_tuple(scores, players);
}

/* The game over: a mask of the winning seats, and whether the engine's cap cut it. */
static StateObject *over(PyObject *self) {
  StateObject *native = (StateObject *)self;
  if (native->game->current_player(native->state) == KASHI_TERMINAL) return native;
  PyErr_SetString(illegal_action, "the game is not over");
  return NULL;
}

static PyObject *state_winners(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = over(self);
  return native == NULL ? NULL : PyLong_FromUnsignedLong(native->game->winners(native->state));
}

static PyObject *state_truncated(PyObject *self, PyObject *unused) {
  (void)unused;
  StateObject *native = over(self);
  return native == NULL ? NULL : PyBool_FromLong(native->game->truncated(native->state));
}

/* Deal the hidden parts at random, as search does each iteration (nothing for a game that hides
   nothing). */
static PyObject *state_determinize(PyObject *self, PyObject *argument) {
  StateObject *native = (StateObject *)self;
  KashiRng *rng = rng_of(argument);
  if (rng == NULL) return NULL;
  if (native->game->determinize != NULL) native->game->determinize(native->state, rng);
  Py_RETURN_NONE;
}

static PyObject *state_sizeof(PyObject *self, PyObject *unused) {
  (void)unused;
  return PyLong_FromSize_t(sizeof(StateObject) + ((StateObject *)self)->game->state_size);
}

static PyMethodDef state_methods[] = {
    {"family", state_family, METH_NOARGS, "The game family's name."},
    {"fields", state_fields, METH_NOARGS, "The position as the game's fields."},
    {"packed", state_packed, METH_NOARGS, "The row the game's observation encoder reads (learning)."},
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
    {"winners", state_winners, METH_NOARGS, "Once over: a mask of the winning seats."},
    {"truncated", state_truncated, METH_NOARGS, "Once over: whether the engine's cap cut the game."},
    {"determinize", state_determinize, METH_O, "Deal the hidden parts at random with an Rng."},
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

static PyObject *greedy_values(PyObject *module, PyObject *argument) {
  (void)module;
  StateObject *held = state_argument(argument);
  if (held == NULL) return NULL;
  int actions[KASHI_MAX_ACTIONS];
  double values[KASHI_MAX_ACTIONS];
  int count = kashi_greedy_values(held->game, held->state, actions, values);
  PyObject *ids = int_list(actions, count);
  PyObject *floats = PyList_New(count);
  for (int index = 0; floats != NULL && index < count; index++) {
    PyList_SetItem(floats, index, PyFloat_FromDouble(values[index]));
  }
  if (ids == NULL || floats == NULL) {
    Py_XDECREF(ids);
    Py_XDECREF(floats);
    return NULL;
  }
  return Py_BuildValue("(NN)", ids, floats);
}

static PyObject *sample_margins(PyObject *module, PyObject *args) {
  (void)module;
  PyObject *argument, *sequence;
  int plies;
  unsigned long long seed;
  if (!PyArg_ParseTuple(args, "OOiK", &argument, &sequence, &plies, &seed)) return NULL;
  StateObject *view = state_argument(argument);
  if (view == NULL) return NULL;
  Py_ssize_t count = PySequence_Size(sequence);
  if (count < 0) return NULL;
  if (count > KASHI_MAX_ACTIONS) return PyErr_Format(PyExc_ValueError, "more candidates than actions");
  int candidates[KASHI_MAX_ACTIONS];
  double margins[KASHI_MAX_ACTIONS];
  for (Py_ssize_t index = 0; index < count; index++) {
    PyObject *item = PySequence_GetItem(sequence, index);
    if (item == NULL) return NULL;
    int failed = read_action(item, &candidates[index]);
    Py_DECREF(item);
    if (failed) return NULL;
  }
  void *copy = PyMem_Malloc(view->game->state_size);
  if (copy == NULL) return PyErr_NoMemory();
  memcpy(copy, view->state, view->game->state_size);
  KashiRng rng;
  kashi_rng_seed(&rng, seed);
  Py_BEGIN_ALLOW_THREADS
  kashi_sample_margins(view->game, copy, candidates, (int)count, plies, &rng, margins);
  Py_END_ALLOW_THREADS
  PyMem_Free(copy);
  PyObject *list = PyList_New(count);
  for (Py_ssize_t index = 0; list != NULL && index < count; index++) {
    PyList_SetItem(list, index, PyFloat_FromDouble(margins[index]));
  }
  return list;
}

/* ---- Batch ---------------------------------------------------------------------------------- */

typedef struct BatchObject {
  PyObject_HEAD
  KashiBatch batch;
  int open;
} BatchObject;

static PyObject *batch_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  PyObject *starts, *teams;
  int games, reward;
  if (kwargs != NULL && PyDict_Size(kwargs)) return PyErr_Format(PyExc_TypeError, "Batch takes no keywords");
  if (!PyArg_ParseTuple(args, "OiiO", &starts, &games, &reward, &teams)) return NULL;
  Py_ssize_t players = PySequence_Size(starts);
  if (players < 0 || PySequence_Size(teams) != players) {
    return PyErr_Format(PyExc_ValueError, "one start and one team per seat");
  }
  if (players < 1 || players > KASHI_MAX_PLAYERS || games < 1 || (reward != KASHI_REWARD_WIN && reward != KASHI_REWARD_SCORE)) {
    return PyErr_Format(PyExc_ValueError, "bad batch: %zd seats, %d games, reward %d", players, games, reward);
  }
  const KashiGame *game = NULL;
  unsigned char *joined = NULL;
  int team_of[KASHI_MAX_PLAYERS];
  for (Py_ssize_t seat = 0; seat < players; seat++) {
    PyObject *start = PySequence_GetItem(starts, seat);
    PyObject *team = PySequence_GetItem(teams, seat);
    int ok = start != NULL && team != NULL && is_instance(start, state_type, "a State");
    if (ok) {
      StateObject *held = (StateObject *)start;
      team_of[seat] = (int)PyLong_AsLong(team);
      ok = !PyErr_Occurred() && team_of[seat] >= 0 && team_of[seat] < KASHI_MAX_PLAYERS;
      ok = ok && (game == NULL || game == held->game) && held->game->packed_width != NULL;
      ok = ok && held->game->num_players(held->state) == players;
      if (ok && joined == NULL) {
        game = held->game;
        joined = PyMem_Malloc(game->state_size * (size_t)players);
      }
      if (ok && joined != NULL) memcpy(joined + game->state_size * (size_t)seat, held->state, game->state_size);
      if (ok && joined == NULL) PyErr_NoMemory();
      if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "starts of one game for every seat, teams 0..3");
    }
    Py_XDECREF(start);
    Py_XDECREF(team);
    if (!ok) {
      PyMem_Free(joined);
      return NULL;
    }
  }
  BatchObject *self = (BatchObject *)new_object((PyObject *)type);
  if (self == NULL || kashi_batch_open(&self->batch, game, games, joined, (KashiReward)reward, team_of) < 0) {
    PyMem_Free(joined);
    Py_XDECREF((PyObject *)self);
    return PyErr_NoMemory();
  }
  PyMem_Free(joined);
  self->open = 1;
  return (PyObject *)self;
}

static void batch_dealloc(PyObject *self) {
  BatchObject *held = (BatchObject *)self;
  if (held->open) kashi_batch_close(&held->batch);
  free_object(self);
}

/* A writable (or read-only) C-contiguous buffer of count items of item_size bytes. */
static int get_buffer(PyObject *object, Py_buffer *view, Py_ssize_t item_size, Py_ssize_t count, int writable,
                      const char *name) {
  if (PyObject_GetBuffer(object, view, PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0)) < 0) return -1;
  if (view->itemsize != item_size || view->len != item_size * count) {
    PyErr_Format(PyExc_ValueError, "%s needs %zd items of %zd bytes", name, count, item_size);
    PyBuffer_Release(view);
    return -1;
  }
  return 0;
}

static PyObject *batch_reset(PyObject *self, PyObject *args) {
  unsigned long long seed;
  if (!PyArg_ParseTuple(args, "K", &seed)) return NULL;
  kashi_batch_reset(&((BatchObject *)self)->batch, seed);
  Py_RETURN_NONE;
}

static PyObject *batch_first_illegal(PyObject *self, PyObject *argument) {
  KashiBatch *batch = &((BatchObject *)self)->batch;
  Py_buffer actions;
  if (get_buffer(argument, &actions, sizeof(int64_t), batch->games, 0, "actions") < 0) return NULL;
  int game = kashi_batch_first_illegal(batch, actions.buf);
  PyBuffer_Release(&actions);
  return PyLong_FromLong(game);
}

/* The buffers a call writes, each checked for its item size and count; released together. */
typedef struct Buffers {
  Py_buffer views[8];
  int got;
} Buffers;

static int get_buffers(Buffers *buffers, PyObject *const *objects, const Py_ssize_t *sizes, const Py_ssize_t *counts,
                       const char *const *names, int count, int first_writable) {
  for (buffers->got = 0; buffers->got < count; buffers->got++) {
    int index = buffers->got;
    if (get_buffer(objects[index], &buffers->views[index], sizes[index], counts[index], index >= first_writable,
                   names[index]) < 0) {
      return -1;
    }
  }
  return 0;
}

static void release_buffers(Buffers *buffers) {
  for (int index = 0; index < buffers->got; index++) PyBuffer_Release(&buffers->views[index]);
}

/* A packed value outside the observer's tables is a bug of the game's packing or its encoder. */
static int lookups_held(KashiBatch *batch) {
  if (!batch->lookup_failed) return 1;
  batch->lookup_failed = 0;
  PyErr_SetString(PyExc_RuntimeError, "a packed value fell outside the observation tables");
  return 0;
}

static Py_ssize_t observation_size(const KashiBatch *batch) { return batch->observer.size ? batch->observer.size : 1; }

/* step(actions, rewards, terminated, truncated, final_scores, ended, final_packed,
   final_observations): every action must be legal (first_illegal says so); the rows of the
   other arrays are written (the final ones in the rows of the games that ended). */
static PyObject *batch_step(PyObject *self, PyObject *args) {
  KashiBatch *batch = &((BatchObject *)self)->batch;
  PyObject *objects[8];
  if (!PyArg_ParseTuple(args, "OOOOOOOO", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4], &objects[5],
                        &objects[6], &objects[7])) {
    return NULL;
  }
  Py_ssize_t games = batch->games, seats = (Py_ssize_t)batch->games * batch->players;
  const Py_ssize_t sizes[8] = {sizeof(int64_t), sizeof(float), 1, 1, sizeof(int64_t), 1, sizeof(int64_t), sizeof(float)};
  const Py_ssize_t counts[8] = {games, seats, games, games, seats, games, games * batch->width,
                                games * observation_size(batch)};
  const char *const names[8] = {"actions", "rewards", "terminated", "truncated", "final_scores", "ended",
                                "final_packed", "final_observations"};
  Buffers buffers;
  if (get_buffers(&buffers, objects, sizes, counts, names, 8, 1) == 0) {
    Py_buffer *views = buffers.views;
    if (kashi_batch_first_illegal(batch, views[0].buf) >= 0) {
      PyErr_SetString(illegal_action, "an action is not legal in its game");
    } else {
      KashiStepOut out = {views[1].buf, views[2].buf, views[3].buf, views[4].buf,
                          views[5].buf, views[6].buf, views[7].buf};
      kashi_batch_step(batch, views[0].buf, &out);
      lookups_held(batch);
    }
  }
  release_buffers(&buffers);
  if (PyErr_Occurred()) return NULL;
  Py_RETURN_NONE;
}

/* show(packed, masks, to_move, observations): each game's packed row, legal-action mask, seat to
   move and observation by that seat. */
static PyObject *batch_show(PyObject *self, PyObject *args) {
  KashiBatch *batch = &((BatchObject *)self)->batch;
  PyObject *objects[4];
  if (!PyArg_ParseTuple(args, "OOOO", &objects[0], &objects[1], &objects[2], &objects[3])) return NULL;
  Py_ssize_t games = batch->games, actions = batch->game->num_actions(batch->starts);
  const Py_ssize_t sizes[4] = {sizeof(int64_t), 1, sizeof(int64_t), sizeof(float)};
  const Py_ssize_t counts[4] = {games * batch->width, games * actions, games, games * observation_size(batch)};
  const char *const names[4] = {"packed", "masks", "to_move", "observations"};
  Buffers buffers;
  if (get_buffers(&buffers, objects, sizes, counts, names, 4, 0) == 0) {
    Py_buffer *views = buffers.views;
    kashi_batch_show(batch, views[0].buf, views[1].buf, views[2].buf, views[3].buf);
    lookups_held(batch);
  }
  release_buffers(&buffers);
  if (PyErr_Occurred()) return NULL;
  Py_RETURN_NONE;
}

/* observe_with(indices, offsets, table): the encoder's lookups, so that show and step write
   observations too. */
static PyObject *batch_observe_with(PyObject *self, PyObject *args) {
  KashiBatch *batch = &((BatchObject *)self)->batch;
  PyObject *objects[3];
  int size;
  if (!PyArg_ParseTuple(args, "iOOO", &size, &objects[0], &objects[1], &objects[2])) return NULL;
  if (size < 1) return PyErr_Format(PyExc_ValueError, "an observation of %d entries", size);
  Py_buffer table;
  if (PyObject_GetBuffer(objects[2], &table, PyBUF_C_CONTIGUOUS) < 0) return NULL;
  Py_ssize_t entries = (Py_ssize_t)size * batch->players;
  const Py_ssize_t sizes[2] = {sizeof(int64_t), sizeof(int64_t)};
  const Py_ssize_t counts[2] = {entries, entries};
  const char *const names[2] = {"indices", "offsets"};
  Buffers buffers;
  if (table.itemsize != sizeof(float)) {
    PyErr_SetString(PyExc_ValueError, "the table holds float32 values");
  } else {
    if (get_buffers(&buffers, objects, sizes, counts, names, 2, 2) == 0 &&
        kashi_batch_observe_with(batch, size, buffers.views[0].buf, buffers.views[1].buf, table.buf,
                                 table.len / (Py_ssize_t)sizeof(float)) < 0) {
      PyErr_SetString(PyExc_ValueError, "an index outside the packed row, or no memory for the tables");
    }
    release_buffers(&buffers);
  }
  PyBuffer_Release(&table);
  if (PyErr_Occurred()) return NULL;
  Py_RETURN_NONE;
}

static int game_index(const KashiBatch *batch, PyObject *argument) {
  long game = PyLong_AsLong(argument);
  if (game == -1 && PyErr_Occurred()) return -1;
  if (game < 0 || game >= batch->games) {
    PyErr_Format(PyExc_IndexError, "no game %ld in a batch of %d", game, batch->games);
    return -1;
  }
  return (int)game;
}

static PyObject *batch_state(PyObject *self, PyObject *argument) {
  KashiBatch *batch = &((BatchObject *)self)->batch;
  int game = game_index(batch, argument);
  return game < 0 ? NULL : (PyObject *)wrap_copy(batch->game, kashi_batch_state(batch, game));
}

static PyObject *batch_final(PyObject *self, PyObject *argument) {
  KashiBatch *batch = &((BatchObject *)self)->batch;
  int game = game_index(batch, argument);
  return game < 0 ? NULL : (PyObject *)wrap_copy(batch->game, kashi_batch_final(batch, game));
}

static PyObject *batch_packed_width(PyObject *self, PyObject *unused) {
  (void)unused;
  KashiBatch *batch = &((BatchObject *)self)->batch;
  return PyLong_FromLong(batch->game->packed_width(batch->starts));
}

static PyMethodDef batch_methods[] = {
    {"reset", batch_reset, METH_VARARGS, "reset(seed): every game anew, the games' seeds drawn from seed."},
    {"first_illegal", batch_first_illegal, METH_O, "The first game whose action is not legal there, or -1."},
    {"step", batch_step, METH_VARARGS,
     "step(actions, rewards, terminated, truncated, final_scores, ended, final_packed, final_observations)."},
    {"show", batch_show, METH_VARARGS, "show(packed, masks, to_move, observations): write every game's rows."},
    {"observe_with", batch_observe_with, METH_VARARGS, "observe_with(size, indices, offsets, table): the encoder's lookups."},
    {"state", batch_state, METH_O, "A copy of a game's position."},
    {"final", batch_final, METH_O, "A copy of the final position of a game the last step ended."},
    {"packed_width", batch_packed_width, METH_NOARGS, "The ints of a packed row."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot batch_slots[] = {
    {Py_tp_new, batch_new},
    {Py_tp_dealloc, batch_dealloc},
    {Py_tp_methods, batch_methods},
    {Py_tp_doc, "Games of one configuration stepped together (batch.h)."},
    {0, NULL},
};

static PyType_Spec batch_spec = {"kashi.core.native._core.Batch", sizeof(BatchObject), 0, Py_TPFLAGS_DEFAULT,
                                 batch_slots};

static PyMethodDef module_methods[] = {
    {"greedy_values", greedy_values, METH_O,
     "greedy_values(state): the legal action ids and the mover's evaluation after each."},
    {"sample_margins", sample_margins, METH_VARARGS,
     "sample_margins(view, candidates, plies, seed): RolloutBot.sample_margins, in C."},
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
  for (int index = 0; kashi_games[index] != NULL; index++) {
    if (kashi_games[index]->state_size > KASHI_MAX_STATE_BYTES) {
      return PyErr_Format(PyExc_ImportError, "%s's state is larger than KASHI_MAX_STATE_BYTES", kashi_games[index]->family);
    }
  }
  PyObject *module = PyModule_Create(&module_definition);
  if (module == NULL) return NULL;
  rng_type = PyType_FromSpec(&rng_spec);
  state_type = PyType_FromSpec(&state_spec);
  batch_type = PyType_FromSpec(&batch_spec);
  illegal_action = PyErr_NewException("kashi.core.native._core.IllegalAction", PyExc_ValueError, NULL);
  if (rng_type == NULL || state_type == NULL || batch_type == NULL || illegal_action == NULL) goto fail;
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
  Py_INCREF(batch_type);
  Py_INCREF(illegal_action);
  if (PyModule_AddObject(module, "Rng", rng_type) < 0 || PyModule_AddObject(module, "State", state_type) < 0 ||
      PyModule_AddObject(module, "Batch", batch_type) < 0 ||
      PyModule_AddObject(module, "IllegalAction", illegal_action) < 0) {
    goto fail;
  }
  return module;
fail:
  Py_DECREF(module);
  return NULL;
}
