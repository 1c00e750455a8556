#include "search.h"

#include "playout.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SETTLE_CHECK = 50, NEW_MOVE_TRIES = 4, NO_NODE = -1, FIRST_CAPACITY = 1024 };

typedef struct Node {
  int action;
  int first_child;
  int next_sibling;
  int child_count;
  int visits;
  double total;
} Node;

typedef struct Tree {
  const KashiGame *game;
  const KashiSearchSettings *settings;
  const int *root_order;
  int order_count;
  Node *nodes;
  int node_count;
  int capacity;
  KashiRng rng;
} Tree;

typedef struct Step {
  int node;
  int mover;
} Step;

static double now_seconds(void) {
  struct timespec clock;
  timespec_get(&clock, TIME_UTC);
  return (double)clock.tv_sec + clock.tv_nsec * 1e-9;
}

static int has_child(const Tree *tree, int node, int action) {
  for (int child = tree->nodes[node].first_child; child != NO_NODE; child = tree->nodes[child].next_sibling) {
    if (tree->nodes[child].action == action) return 1;
  }
  return 0;
}

static int add_child(Tree *tree, int parent, int action) {
  int index = tree->node_count++;
  Node *child = &tree->nodes[index];
  Node *above = &tree->nodes[parent];
  child->action = action;
  child->first_child = NO_NODE;
  child->next_sibling = NO_NODE;
  child->child_count = child->visits = 0;
  child->total = 0.0;
  /* Appended last, so children are read in the order they entered, as a dict keeps them. */
  if (above->first_child == NO_NODE) {
    above->first_child = index;
  } else {
    int last = above->first_child;
    while (tree->nodes[last].next_sibling != NO_NODE) last = tree->nodes[last].next_sibling;
    tree->nodes[last].next_sibling = index;
  }
  above->child_count++;
  return index;
}

static void settle_chance(Tree *tree, void *state) {
  while (tree->game->current_player(state) == KASHI_CHANCE) tree->game->apply_chance(state, &tree->rng);
}

/* The next move to add below a node: by the given order at the root, else proposed by the
   rollout policy, else any untried legal move; NO_NODE when every legal move is there. */
static int new_move(Tree *tree, const void *state, int node) {
  if (node == 0) {
    for (int index = 0; index < tree->order_count; index++) {
      int action = tree->root_order[index];
      if (!has_child(tree, node, action) && tree->game->is_legal(state, action)) return action;
    }
    return NO_NODE;
  }
  for (int attempt = 0; attempt < NEW_MOVE_TRIES; attempt++) {
    int action = tree->game->rollout_action(state, &tree->rng);
    if (!has_child(tree, node, action)) return action;
  }
  int actions[KASHI_MAX_ACTIONS];
  int count = tree->game->legal_actions(state, actions);
  int untried = 0;
  for (int index = 0; index < count; index++) {
    if (!has_child(tree, node, actions[index])) actions[untried++] = actions[index];
  }
  return untried ? actions[kashi_rng_below(&tree->rng, untried)] : NO_NODE;
}

static double upper_bound(const Tree *tree, const Node *child, double log_visits) {
  return child->total / child->visits + tree->settings->exploration * sqrt(log_visits / child->visits);
}

/* Play the child with the best upper bound among those legal in this sample. */
static int select_child(Tree *tree, void *state, int node) {
  double log_visits = log(tree->nodes[node].visits + 1.0);
  int tried[KASHI_MAX_ACTIONS];
  int tried_count = 0;
  for (;;) {
    int best = NO_NODE;
    double best_bound = 0.0;
    for (int child = tree->nodes[node].first_child; child != NO_NODE; child = tree->nodes[child].next_sibling) {
      int seen = 0;
      for (int index = 0; index < tried_count && !seen; index++) seen = tried[index] == child;
      if (seen) continue;
      double bound = upper_bound(tree, &tree->nodes[child], log_visits);
      if (best == NO_NODE || bound > best_bound) {
        best = child;
        best_bound = bound;
      }
    }
    if (best == NO_NODE) return NO_NODE;
    if (tree->game->apply(state, tree->nodes[best].action) == KASHI_OK) return best;
    tried[tried_count++] = best;
  }
}

static void rollout(Tree *tree, void *state) {
  const KashiGame *game = tree->game;
  for (int ply = 0; ply < tree->settings->rollout_plies; ply++) {
    if (tree->settings->stop_at_chance && game->current_player(state) == KASHI_CHANCE) break;
    settle_chance(tree, state);
    if (game->current_player(state) < 0) break;
    game->apply(state, game->rollout_action(state, &tree->rng));
  }
}

static void iterate(Tree *tree, void *state) {
  const KashiGame *game = tree->game;
  Step path[KASHI_MAX_ACTIONS];
  int depth = 0;
  int node = 0;
  for (;;) {
    settle_chance(tree, state);
    int mover = game->current_player(state);
    if (mover < 0) break;
    Node *here = &tree->nodes[node];
    int action = NO_NODE;
    if (here->child_count < 1 + tree->settings->widening * sqrt((double)here->visits)) action = new_move(tree, state, node);
    if (action == NO_NODE) {
      int chosen = select_child(tree, state, node);
      if (chosen != NO_NODE) {
        node = chosen;
        path[depth++] = (Step){node, mover};
        if (depth < KASHI_MAX_ACTIONS) continue;
        break;
      }
      action = new_move(tree, state, node);
      if (action == NO_NODE) break;
    }
    if (game->apply(state, action) != KASHI_OK) break;
    path[depth++] = (Step){add_child(tree, node, action), mover};
    break;
  }
  rollout(tree, state);
  double values[KASHI_MAX_PLAYERS], rewards[KASHI_MAX_PLAYERS];
  int players = game->num_players(state);
  game->evaluate(state, values);
  for (int seat = 0; seat < players; seat++) rewards[seat] = tanh(kashi_margin(values, players, seat) / tree->settings->scale);
  tree->nodes[0].visits++;
  for (int step = 0; step < depth; step++) {
    Node *child = &tree->nodes[path[step].node];
    child->visits++;
    child->total += rewards[path[step].mover];
  }
}

/* Whether the most visited child stays strictly the most visited whatever `left` more do. */
static int settled(const Tree *tree, int left) {
  int first = 0, second = 0;
  for (int child = tree->nodes[0].first_child; child != NO_NODE; child = tree->nodes[child].next_sibling) {
    int visits = tree->nodes[child].visits;
    if (visits > first) {
      second = first;
      first = visits;
    } else if (visits > second) {
      second = visits;
    }
  }
  return first - second > left;
}

/* Room for the node the next iteration may add; 0 when memory ran out. */
static int make_room(Tree *tree) {
  if (tree->node_count < tree->capacity) return 1;
  if (tree->capacity > INT_MAX / 2) return 0;
  int capacity = tree->capacity * 2;
  Node *nodes = realloc(tree->nodes, sizeof(Node) * (size_t)capacity);
  if (nodes == NULL) return 0;
  tree->nodes = nodes;
  tree->capacity = capacity;
  return 1;
}

int kashi_search(const KashiGame *game, const void *root, const int *root_order, int order_count,
                 const KashiSearchSettings *settings, KashiSearchResult *result) {
  int budget = settings->iterations > 0 ? settings->iterations : 1;
  Tree tree = {game, settings, root_order, order_count, NULL, 1, FIRST_CAPACITY, {0}};
  unsigned char state[KASHI_MAX_STATE_BYTES];
  tree.nodes = malloc(sizeof(Node) * FIRST_CAPACITY);
  if (tree.nodes == NULL) return -1;
  tree.nodes[0] = (Node){NO_NODE, NO_NODE, NO_NODE, 0, 0, 0.0};
  kashi_rng_seed(&tree.rng, settings->seed);
  double deadline = settings->seconds > 0 ? now_seconds() + settings->seconds : 0.0;
  int done = 0;
  while (done < budget && (deadline == 0.0 || done == 0 || now_seconds() < deadline) && make_room(&tree)) {
    memcpy(state, root, game->state_size);
    if (game->determinize != NULL) game->determinize(state, &tree.rng);
    iterate(&tree, state);
    done++;
    if (settings->early_stop && done % SETTLE_CHECK == 0 && settled(&tree, budget - done)) break;
  }
  result->iterations = done;
  result->child_count = tree.nodes[0].child_count;
  result->children = malloc(sizeof(KashiRootChild) * (size_t)(result->child_count > 0 ? result->child_count : 1));
  if (result->children == NULL) {
    free(tree.nodes);
    return -1;
  }
  int index = 0;
  for (int child = tree.nodes[0].first_child; child != NO_NODE; child = tree.nodes[child].next_sibling) {
    result->children[index++] = (KashiRootChild){tree.nodes[child].action, tree.nodes[child].visits, tree.nodes[child].total};
  }
  free(tree.nodes);
  return 0;
}
