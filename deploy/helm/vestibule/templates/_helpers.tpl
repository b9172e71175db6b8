{{- define "vestibule.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "vestibule.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "vestibule.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "vestibule.secretName" -}}
{{- default (include "vestibule.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{/* Refuses to render without what the server cannot start without (it would crash-loop). */}}
{{- define "vestibule.validate" -}}
{{- $_ := required "hosts.general is required (the general edition's host name)" .Values.hosts.general -}}
{{- $_ := required "hosts.lu is required (the Luxembourg edition's host name)" .Values.hosts.lu -}}
{{- if not .Values.existingSecret -}}
{{- range $key := list "DATABASE_URL" "ENCRYPTION_KEY" "SMTP_URL" -}}
{{- $_ := required (printf "secrets.%s is required (or name a Secret you manage in existingSecret)" $key) (index $.Values.secrets $key) -}}
{{- end -}}
{{- if and .Values.metrics.serviceMonitor.enabled (not .Values.secrets.METRICS_TOKEN) -}}
{{- fail "metrics.serviceMonitor.enabled needs secrets.METRICS_TOKEN: /metrics answers only with that bearer token in production" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The pod's security settings, shared by the Deployment and the migration Job. */}}
{{- define "vestibule.podSecurity" -}}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end -}}

{{/* The container's environment, shared by the Deployment and the migration Job. */}}
{{- define "vestibule.env" -}}
env:
  - name: PORT
    value: "3000"
  # The editions' public origins (links in messages, OIDC issuers); ALLOWED_HOSTS
  # defaults to their hosts in production.
  - name: PUBLIC_URL
    value: "https://{{ .Values.hosts.general }}"
  - name: PUBLIC_URL_LU
    value: "https://{{ .Values.hosts.lu }}"
  # The operator in the e-mails and pages of each edition (values.yaml `operator`).
  {{- range $edition, $suffix := dict "general" "" "lu" "_LU" }}
  {{- $operator := index $.Values.operator $edition }}
  {{- range $variable, $key := dict "MAIL_COMPANY" "company" "MAIL_ADDRESS" "address" "MAIL_REGISTRATION" "registration" "SUPPORT_EMAIL" "supportEmail" "SUPPORT_PHONE" "supportPhone" }}
  - name: {{ $variable }}{{ $suffix }}
    value: {{ required (printf "operator.%s.%s is required (%s%s in every e-mail)" $edition $key $variable $suffix) (index $operator $key) | quote }}
  {{- end }}
  {{- end }}
  {{- if .Values.migrations.job.enabled }}
  # The migration Job migrates; the servers wait for the schema.
  - name: MIGRATE
    value: "off"
  {{- end }}
  {{- range $key, $value := .Values.env }}
  - name: {{ $key }}
    value: {{ $value | quote }}
  {{- end }}
envFrom:
  - secretRef:
      name: {{ include "vestibule.secretName" . }}
{{- end -}}

{{/* DATA_DIR and /tmp: the only writable paths beside a read-only root filesystem. */}}
{{- define "vestibule.writableMounts" -}}
volumeMounts:
  - name: data
    mountPath: /var/lib/vestibule
  - name: tmp
    mountPath: /tmp
{{- end -}}
{{- define "vestibule.writableVolumes" -}}
volumes:
  # DATA_DIR: unused with DATABASE_URL and ENCRYPTION_KEY set, but writable if asked.
  - name: data
    emptyDir: {}
  - name: tmp
    emptyDir: {}
{{- end -}}
