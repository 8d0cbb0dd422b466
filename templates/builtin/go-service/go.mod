module example.com/{{SERVICE_NAME}}

go 1.22
