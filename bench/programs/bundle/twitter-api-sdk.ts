// One call through twitter-api-sdk.
import { Client } from 'twitter-api-sdk';

const client = new Client('TOKEN');
console.log(await client.tweets.findTweetsById({ ids: ['20'] }));
