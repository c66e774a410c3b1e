/**
 * The cases of an operation's `ApiError` (generator/model/error-cases.ts): one a documented body,
 * `number` for a range or `default`, and a case without a body unless `default` types every status.
 */
import { test } from '../../helpers/uvu.ts';
import * as assert from 'uvu/assert';
import { errorCases } from '../../../generator/model/error-cases.ts';

test('statuses with their bodies, and a case without a body for the statuses left out', () => {
  assert.equal(
    errorCases({
      errorBodies: [
        { status: '404', code: 404, typeName: 'NotFound' },
        { status: '4XX', typeName: 'Failure' },
      ],
    }),
    [
      { code: 404, typeName: 'NotFound' },
      { code: undefined, typeName: 'Failure' },
      { code: undefined, typeName: undefined },
    ],
  );
});

test('a typed `default` answers for every other status; a range with the same body is one case', () => {
  assert.equal(
    errorCases({
      errorBodies: [
        { status: '4XX', typeName: 'Failure' },
        { status: 'default', typeName: 'Failure' },
      ],
    }),
    [{ code: undefined, typeName: 'Failure' }],
  );
});

test('an operation documenting no body: any status, no body', () => {
  assert.equal(errorCases({ errorBodies: [] }), [{ code: undefined, typeName: undefined }]);
});

test.run();
