// Lets Rolldown leave out the react-router components the app never renders (NavLink, Form, Await...).
import { type Plugin, parseAst } from 'vite';

/** react-router's production build, where those components are written without a purity hint. */
const REACT_ROUTER_BUILD = /\/react-router\/dist\/production\/[^/]+\.mjs$/;
/** React's calls that only build an object: nothing happens until it is rendered. */
const PURE_REACT_CALL = /^React\d*$/;
const PURE_REACT_METHODS = new Set(['forwardRef', 'memo', 'createContext']);
const PURE = '/* @__PURE__ */ ';

type Program = ReturnType<typeof parseAst>;
type Statement = Program['body'][number];
type Declaration = Extract<Statement, { type: 'VariableDeclaration' }>['declarations'][number];
type Edit = { start: number; end: number; text: string };

function isPureReactCall(init: Declaration['init']): init is NonNullable<Declaration['init']> {
  if (init?.type !== 'CallExpression' || init.callee.type !== 'MemberExpression') return false;
  const { object, property } = init.callee;
  return (
    object.type === 'Identifier' &&
    PURE_REACT_CALL.test(object.name) &&
    property.type === 'Identifier' &&
    PURE_REACT_METHODS.has(property.name)
  );
}

/** `Name.displayName = "…";` at the top level: the name and the literal's source text. */
function displayNameAssignment(statement: Statement, code: string): { name: string; value: string } | null {
  if (statement.type !== 'ExpressionStatement') return null;
  const expression = statement.expression;
  if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') return null;
  const { left, right } = expression;
  if (left.type !== 'MemberExpression' || left.computed || left.object.type !== 'Identifier') return null;
  if (left.property.type !== 'Identifier' || left.property.name !== 'displayName') return null;
  if (right.type !== 'Literal' || typeof right.value !== 'string') return null;
  return { name: left.object.name, value: code.slice(right.start, right.end) };
}

/**
 * react-router builds its components and contexts with `React.forwardRef(…)` and
 * `React.createContext(…)` at the top level, then sets their `displayName` in a statement of
 * its own. Neither says it is free of side effects, so every component stays in the bundle,
 * used or not. This marks those calls pure and moves each `displayName` into its declaration
 * (`Object.assign(React.forwardRef(…), { displayName })`): what is used is unchanged, what is
 * not can go. A `displayName` equal to its function's name adds nothing and is dropped.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_BUILD.test(id)) return null;
      const program = parseAst(code);
      const displayNames = new Map<string, { value: string; statement: Statement }>();
      for (const statement of program.body) {
        const assignment = displayNameAssignment(statement, code);
        if (assignment) displayNames.set(assignment.name, { value: assignment.value, statement });
      }
      const edits: Edit[] = [];
      const remove = (statement: Statement) =>
        edits.push({ start: statement.start, end: statement.end, text: '' });
      for (const statement of program.body) {
        if (statement.type === 'FunctionDeclaration' && statement.id) {
          const displayName = displayNames.get(statement.id.name);
          if (displayName?.value.slice(1, -1) === statement.id.name) remove(displayName.statement);
          continue;
        }
        if (statement.type !== 'VariableDeclaration') continue;
        for (const declarator of statement.declarations) {
          const init = declarator.init;
          if (declarator.id.type !== 'Identifier' || !isPureReactCall(init)) continue;
          const displayName = displayNames.get(declarator.id.name);
          const call = code.slice(init.start, init.end);
          const text = displayName
            ? `${PURE}Object.assign(${PURE}${call}, { displayName: ${displayName.value} })`
            : `${PURE}${call}`;
          edits.push({ start: init.start, end: init.end, text });
          if (displayName) remove(displayName.statement);
        }
      }
      if (edits.length === 0) return null;
      let result = code;
      for (const edit of edits.sort((a, b) => b.start - a.start))
        result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
      return { code: result, map: null };
    },
  };
}
