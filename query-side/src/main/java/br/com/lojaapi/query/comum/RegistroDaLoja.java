package br.com.lojaapi.query.comum;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

import java.time.Instant;

/** A row of one store's resource: it carries its store ({@code loja_id}), which every query filters by. */
@MappedSuperclass
public abstract class RegistroDaLoja extends RegistroVersionado {

    @Column(name = "loja_id", nullable = false)
    private String lojaId;

    protected RegistroDaLoja() {
        // JPA
    }

    protected RegistroDaLoja(String id, String lojaId, Instant criadoEm) {
        super(id, criadoEm);
        this.lojaId = lojaId;
    }

    public String lojaId() {
        return lojaId;
    }
}
