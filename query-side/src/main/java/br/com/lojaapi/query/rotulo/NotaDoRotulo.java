package br.com.lojaapi.query.rotulo;

import java.util.Objects;

/**
 * The authorised invoice that travels with the parcel. A service invoice (NFS-e) has neither series nor access key,
 * so a null {@code chave} is what tells the label to print "NFS-e" instead of "NF-e".
 */
public record NotaDoRotulo(String numero, String serie, String chave) {

    public NotaDoRotulo {
        Objects.requireNonNull(numero, "numero");
    }
}
