import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import type {
  PropertyType,
  Resource,
  ResourceProperties,
  SpecDatabase,
} from '@aws-cdk/service-spec-types';

/**
 * Checks a template's values against the CloudFormation resource specification that the AWS CDK
 * publishes (@aws-cdk/aws-service-spec, built from CloudFormation's registry schemas): every
 * property name known, every required one present, literal values of the right type and among the
 * allowed ones. An intrinsic function (`{ Ref }`, `{ 'Fn::If' }`, …) stands for a value only known at
 * deploy time, so it is taken as valid wherever it appears.
 */
export class ResourceSpec {
  private readonly db: SpecDatabase = loadAwsServiceSpecSync();

  /** The specification of a resource type, or undefined when CloudFormation has no such type. */
  resource(type: string): Resource | undefined {
    return this.db.lookup('resource', 'cloudFormationType', 'equals', type)[0];
  }

  /** What is wrong with `properties` as the properties of a `type`: one line per problem, naming its path. */
  problems(type: string, properties: Record<string, unknown>): string[] {
    const resource = this.resource(type);
    if (!resource) return [`${type}: no such resource type`];
    return this.checkObject(resource.properties, properties, type);
  }

  private checkObject(
    spec: ResourceProperties,
    value: Record<string, unknown>,
    path: string,
  ): string[] {
    const problems: string[] = [];
    for (const [name, property] of Object.entries(spec)) {
      if (property.required && !(name in value)) problems.push(`${path}: ${name} is required`);
    }
    for (const [name, inner] of Object.entries(value)) {
      const property = spec[name];
      if (!property) problems.push(`${path}.${name}: no such property`);
      else problems.push(...this.checkValue(property.type, inner, `${path}.${name}`));
    }
    return problems;
  }

  private checkValue(type: PropertyType, value: unknown, path: string): string[] {
    if (isIntrinsic(value)) return [];
    switch (type.type) {
      case 'string':
        if (typeof value !== 'string') return [`${path}: ${JSON.stringify(value)} is not a string`];
        return type.allowedValues && !type.allowedValues.includes(value)
          ? [`${path}: "${value}" is not one of ${type.allowedValues.join(', ')}`]
          : [];
      case 'integer':
      case 'number':
        if (typeof value !== 'number' || (type.type === 'integer' && !Number.isInteger(value)))
          return [`${path}: ${JSON.stringify(value)} is not an ${type.type}`];
        return type.type === 'integer' && type.allowedValues && !type.allowedValues.includes(value)
          ? [`${path}: ${value} is not one of ${type.allowedValues.join(', ')}`]
          : [];
      case 'boolean':
        return typeof value === 'boolean'
          ? []
          : [`${path}: ${JSON.stringify(value)} is not a boolean`];
      case 'array':
        if (!Array.isArray(value)) return [`${path}: not a list`];
        return value.flatMap((element, i) =>
          this.checkValue(type.element, element, `${path}[${i}]`),
        );
      case 'map':
        if (!isObject(value)) return [`${path}: not a map`];
        return Object.entries(value).flatMap(([key, element]) =>
          this.checkValue(type.element, element, `${path}.${key}`),
        );
      case 'ref':
        if (!isObject(value)) return [`${path}: not an object`];
        return this.checkObject(
          this.db.get('typeDefinition', type.reference).properties,
          value,
          path,
        );
      case 'union': {
        // Valid when it is valid as any one of the types.
        const attempts = type.types.map((alternative) => this.checkValue(alternative, value, path));
        return attempts.some((problems) => problems.length === 0) ? [] : (attempts[0] ?? []);
      }
      default:
        return [];
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ Ref: … }`, `{ 'Fn::…': … }` and `{ Condition: … }` (inside a condition), each alone in its object. */
export function isIntrinsic(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 1 &&
    (keys[0] === 'Ref' || keys[0] === 'Condition' || (keys[0] as string).startsWith('Fn::'))
  );
}
