import { AgentBuilder } from '@iqai/adk';

const TOPIC_KEY = 'topic';

const { agent: writer } = await AgentBuilder.create('writer')
  .withInstruction(`Draft a note about {${TOPIC_KEY}} in {tone}.`)
  .withModel('gemini-2.5-flash')
  .withOutputKey('draft')
  .withBeforeAgentCallback((callbackContext: any) => {
    callbackContext.state['tone'] = 'plain';
    return undefined;
  })
  .build();

const { agent: reviewer } = await AgentBuilder.create('reviewer')
  .withInstruction('Review {draft} for {audience}.')
  .withModel('gemini-2.5-flash')
  .withBeforeModelCallback(({ callbackContext }: any) => {
    callbackContext.state.set('audience', 'experts');
    return undefined;
  })
  .build();

export const { agent: pipeline } = await AgentBuilder.create('pipeline')
  .withInstruction('Never rendered: {never_written}.')
  .asSequential([writer, reviewer])
  .build();
