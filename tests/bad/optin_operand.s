; .optin takes no operand
.kernel k
.optin 4
        exit
