; .optin given twice
.kernel k
.optin
.optin
        exit
