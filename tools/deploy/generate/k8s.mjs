// The Kubernetes manifests generated from the list of services: each service's Deployment, Service and
// PodDisruptionBudget (deploy/k8s/base/<name>.yaml; a service with workers is two Deployments,
// <name>-api and <name>-worker) and the base kustomization that lists them.
import { comment, GENERATED, indent, secretEnv, title, valueEnv } from './text.mjs';

/** Kubernetes requests and limits by a service's size (services.ts), and of the worker Deployments. */
const RESOURCES = {
  small: { requests: ['50m', '160Mi'], limits: ['500m', '320Mi'] },
  medium: { requests: ['100m', '192Mi'], limits: ["'1'", '384Mi'] },
  api: { requests: ['100m', '256Mi'], limits: ["'1'", '512Mi'] },
  worker: { requests: ['500m', '384Mi'], limits: ["'1'", '512Mi'] },
};

export function deployment({ name, header, replicas, grace = 30, command, env, resources, data }) {
  const [requests, limits] = [RESOURCES[resources].requests, RESOURCES[resources].limits];
  const labels = `app.kubernetes.io/name: ${name}\napp.kubernetes.io/component: service`;
  const selector = `app.kubernetes.io/name: ${name}`;
  return `${comment(header)}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels:
${indent(labels, 4)}
spec:
${replicas === undefined ? '' : `  replicas: ${replicas}\n`}  revisionHistoryLimit: 5
  # One new pod at a time and none removed first: the first new pod runs the migrations (advisory lock
  # per schema) while the old ones keep serving, so a migration must suit the previous release too.
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  selector:
    matchLabels:
${indent(selector, 6)}
  template:
    metadata:
      labels:
${indent(labels, 8)}
    spec:
      terminationGracePeriodSeconds: ${grace}
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        fsGroup: 1000
        seccompProfile:
          type: RuntimeDefault
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
${indent(selector, 14)}
      containers:
        - name: ${name}
          image: avpass
          command:
${indent(command.map((part) => `- ${part}`).join('\n'), 12)}
          envFrom:
            - configMapRef:
                name: avpass-config
          env:
            # Optional: when the Secret has it, /metrics on the operator port needs it as a bearer token.
${indent([secretEnv('METRICS_TOKEN', true), secretEnv('DATABASE_URL'), secretEnv('DB_ROLE_SECRET'), ...env].join('\n'), 12)}
          ports:
            - name: metrics
              containerPort: 9464
          startupProbe:
            httpGet:
              path: /readyz
              port: metrics
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 60
          readinessProbe:
            httpGet:
              path: /readyz
              port: metrics
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          livenessProbe:
            httpGet:
              path: /healthz
              port: metrics
            periodSeconds: 20
            timeoutSeconds: 3
            failureThreshold: 3
          resources:
            requests:
              cpu: ${requests[0]}
              memory: ${requests[1]}
            limits:
              cpu: ${limits[0]}
              memory: ${limits[1]}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop:
                - ALL
          volumeMounts:
            - name: tmp
              mountPath: /tmp${data ? '\n            - name: data\n              mountPath: /data' : ''}
      volumes:
        - name: tmp
          emptyDir: {}${data ? '\n        - name: data\n          persistentVolumeClaim:\n            claimName: avpass-data' : ''}
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  labels:
${indent(labels, 4)}
spec:
  selector:
${indent(selector, 4)}
  ports:
    - name: metrics
      port: 9464
      targetPort: metrics
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ${name}
  labels:
${indent(labels, 4)}
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
${indent(selector, 6)}
`;
}

/** The Deployments of one service: one, or `<name>-api` and `<name>-worker` for a service with workers. */
export function k8sDeployments(service) {
  const main = `services/${service.name}/dist/main.js`;
  const env = [
    ...(service.redis ? [secretEnv('REDIS_URL')] : []),
    ...(service.mail ? [secretEnv('SMTP_URL'), secretEnv('MAIL_FROM', true)] : []),
    ...(service.sms
      ? ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_STATUS_CALLBACK_URL'].map((key) =>
          secretEnv(key, true),
        )
      : []),
    ...(service.bootstrapsAdmin
      ? [valueEnv('ADMIN_USERNAME', 'admin'), secretEnv('ADMIN_PASSWORD', true)]
      : []),
  ];
  const about = `${title(service.name)}: ${service.about}`;
  if (!service.workers)
    return [
      {
        name: service.name,
        header: service.autoscaled
          ? `${about}; replicas come from its HorizontalPodAutoscaler (autoscaling.yaml).`
          : about,
        replicas: service.autoscaled ? undefined : 2,
        command: ['node', main],
        env,
        resources: service.size,
        data: service.dataDir,
      },
    ];
  const { modeVariable, env: workerEnv, terminationGracePeriodSeconds } = service.workers;
  return [
    {
      name: `${service.name}-api`,
      header: `${title(service.name)}, API side (${modeVariable}=api): ${service.about}\nThe workers run apart (${service.name}-worker.yaml), so they scale on queue depth without touching the API.`,
      replicas: 2,
      command: ['node', main],
      env: [...env, valueEnv(modeVariable, 'api')],
      resources: 'api',
      data: service.dataDir,
    },
    {
      name: `${service.name}-worker`,
      header: `${title(service.name)}, workers (${modeVariable}=worker). ${
        service.workers.scaledOnQueue
          ? `\`replicas\` is the plain fallback; the production overlay
removes it and scales the workers on the BullMQ wait list with KEDA. On SIGTERM a worker hands its
running job back to the queue (another worker takes it), hence the longer grace period.`
          : `A fixed \`replicas\`; on SIGTERM a worker finishes
the job it runs before it stops, hence the longer grace period.`
      }
Node flags (services.ts nodeArgs): ${service.nodeArgs?.join(' ') || 'none'}.`,
      replicas: 2,
      grace: terminationGracePeriodSeconds,
      command: ['node', ...(service.nodeArgs ?? []), main],
      env: [
        ...env,
        valueEnv(modeVariable, 'worker'),
        ...Object.entries(workerEnv).map(([key, value]) => valueEnv(key, `'${value}'`)),
      ],
      resources: 'worker',
      data: service.dataDir,
    },
  ];
}

export function kustomization(services) {
  const resources = services.flatMap((s) => k8sDeployments(s).map((d) => `${d.name}.yaml`));
  return `${GENERATED}
# AV Pass apps on Kubernetes: one Deployment per app, all from the image built by deploy/Dockerfile.
# Infrastructure (NATS, PostgreSQL, Redis) is installed separately: see ../infra and docs/deploy.md.
# The Secret \`avpass-secrets\` is created by the operator (secret.example.yaml shows its keys) and is
# deliberately not a resource here, so no value ever lives in the repository.
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
labels:
  - pairs:
      app.kubernetes.io/part-of: avpass
    includeSelectors: false
    # On pod templates too: the PodMonitor (production overlay) selects pods by it.
    includeTemplates: true
resources:
${['config.yaml', 'data-volume.yaml', 'gateway.yaml', ...resources, 'autoscaling.yaml', 'ingress.yaml']
  .map((file) => `  - ${file}`)
  .join('\n')}
`;
}
