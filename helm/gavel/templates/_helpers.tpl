{{- define "gavel.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Name of one service's objects: <release>-gavel-<service>. */}}
{{- define "gavel.serviceName" -}}
{{- printf "%s-%s" (include "gavel.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Common labels; the selector labels (name, instance) are added beside them. */}}
{{- define "gavel.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/part-of: gavel
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/* Selector labels of one service (args: root, name). */}}
{{- define "gavel.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- define "gavel.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/* The variable a service reads its named port from: http -> HTTP_PORT, socket -> SOCKET_PORT. */}}
{{- define "gavel.portEnv" -}}
{{- printf "%s_PORT" (. | upper | replace "-" "_") -}}
{{- end -}}
