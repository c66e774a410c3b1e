/** The model's field selection: the objects `*.fields` parameters select, and the result types they narrow. */

export interface FieldSelectionModel {
  param: string;
  object: string;
  defaults: string[];
  /**
   * Read from the spec's shape, not stated by `x-field-selection` (generator/model/selection-inference.ts).
   * `defaultsKnown`: the object has a `required` list, which gives the defaults; without one, every
   * field not requested stays optional.
   */
  inferred?: { defaultsKnown: boolean };
}

/**
 * An object as one `*.fields` parameter selects it (`x-field-selection`): rendered as a generic
 * type of the parameter's value, `TweetSelection<V>`.
 */
export interface SelectionModel {
  /** The generic type, e.g. `TweetSelection`. */
  name: string;
  /** The selected object's schema, e.g. `Tweet`. */
  object: string;
  /** The parameter's wire name, e.g. `tweet.fields`. */
  param: string;
  /** The type of one field name: a named enum, or literal values (none: any string). */
  field: { enum: string } | { values: string[] };
  /** Fields returned when nothing asks for them. */
  defaults: string[];
  /** Fields the API leaves out of some objects even when asked (`x-sometimes-absent` on the property; never a default). */
  sometimesAbsent: string[];
  /**
   * Optional properties the parameter cannot name (X's `Tweet.username`, which `tweet.fields` lacks):
   * optional in every selection, as the schema states them. Required ones count as defaults.
   */
  unselectable: string[];
  /** The object's fields that are present whenever asked for: every property but `sometimesAbsent` and `unselectable`. */
  presentWhenAsked: string[];
  /** The object's fields that come back only when asked for: every property but `defaults` and `unselectable`. */
  nonDefaults: string[];
  /**
   * The pairing was inferred and the object states no defaults (no `required` list): a requested
   * field is present, every other one optional (none is claimed present or absent unasked).
   */
  defaultsUnknown?: boolean;
  /** The pairing of parameter and object was inferred (no `x-field-selection`). */
  inferred?: boolean;
}

/** The generic result type of an operation whose result holds selected objects. */
export interface NarrowingModel {
  /** The generic type, e.g. `GetPostsByIdsResponse`. */
  typeName: string;
  /** The body schema it narrows, e.g. `TweetsLookupResponse`. */
  body: string;
  members: NarrowedMember[];
  /**
   * The params type generic in the values that decide the result (`GetPostsByIdsParamsOf`): the
   * operation's params with each of those parameters typed by its type parameter.
   */
  paramsTypeName: string;
  /**
   * The type parameters of the result, of the params type above and of the operation's methods, in
   * order: one per parameter whose value decides the result (a `*.fields` list, or a flag), by params
   * key. A list seen before gives a result type tsc has made before, whatever else the params hold.
   */
  typeParameters: NarrowingTypeParameter[];
  /**
   * A paginated operation's page type (`GetUsersPostsPage`): an interface extending the result and the
   * runtime's `PageMembers`. Absent where the result cannot be extended (flags make it an intersection
   * with conditional types) or names a member a page adds (`items`): such pages stay `Page<Body, Item>`.
   */
  pageTypeName?: string;
  /** The `*.fields` parameters whose pairing with an object was inferred (no `x-field-selection`), by params key. */
  inferredFrom?: string[];
}

/** A parameter whose value decides a narrowed result, as a type parameter. */
export interface NarrowingTypeParameter {
  /** The params key (`tweet.fields`, `with_total_count`). */
  param: string;
  /** The type parameter's name (`TweetFields`, `WithTotalCount`). */
  name: string;
  /** A `*.fields` list (a tuple of its fields when written inline) or a boolean flag. */
  kind: 'list' | 'flag';
}

/** A property of a result body that holds selected objects, directly (`data`) or one level down (`includes.users`). */
export interface NarrowedMember {
  property: string;
  required: boolean;
  /** The property holds an array of the objects. */
  array: boolean;
  /** The selection (`SelectionModel.name`) and the parameter whose value decides it. */
  selection?: { name: string; param: string };
  /** A property a boolean parameter adds when true (`x-adds-field`, the ads `with_total_count`): the params key. */
  flag?: { param: string };
  /** An object (the `includes` of X's envelope) some of whose properties hold selected objects. */
  object?: {
    schema: string;
    members: NarrowedMember[];
    /** It has other properties, left as they are. */ others: boolean;
  };
}
