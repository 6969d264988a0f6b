package br.com.lojaapi.query.comum;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;

import java.time.Instant;

/**
 * A row of a resource that can be removed: the removal leaves a tombstone, hidden from every query and carrying the
 * removal's version, which is what the remover waits for and what incremental sync reports. A table whose column
 * has another name maps it with {@code @AttributeOverride(name = "removidoEm", ...)}.
 */
@MappedSuperclass
public abstract class RegistroRemovivel extends RegistroDaLoja {

    @Column(name = "removido_em")
    private Instant removidoEm;

    protected RegistroRemovivel() {
        // JPA
    }

    protected RegistroRemovivel(String id, String lojaId, Instant criadoEm) {
        super(id, lojaId, criadoEm);
    }

    /** The tombstone, at the removal's version. */
    public void remover(Instant quando, long versao) {
        removidoEm = quando;
        tocar(quando, versao);
    }

    public Instant removidoEm() {
        return removidoEm;
    }
}
