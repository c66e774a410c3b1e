// One call through twitter-api-v2.
import { TwitterApi } from 'twitter-api-v2';

const client = new TwitterApi('TOKEN');
console.log(await client.v2.tweets(['20']));
