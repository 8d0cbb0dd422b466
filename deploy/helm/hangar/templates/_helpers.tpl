{{/* The release's name, at most 63 characters (a DNS label). */}}
{{- define "hangar.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "hangar.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: server
{{- end -}}

{{- define "hangar.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: hangar
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "hangar.serviceAccountName" -}}
{{- default (include "hangar.fullname" .) .Values.serviceAccount.name -}}
{{- end -}}

{{/* Non-secret settings: the chart's defaults, then the values' settings (which win). */}}
{{- define "hangar.settings" -}}
{{- $defaults := dict "NODE_ENV" "production" "TRUST_PROXY" (ternary "1" "false" .Values.ingress.enabled) -}}
{{- $settings := merge (deepCopy .Values.settings) $defaults -}}
{{- range $key := keys $settings | sortAlpha }}
{{ $key }}: {{ get $settings $key | toString | quote }}
{{- end -}}
{{- end -}}
