package br.com.lojaapi.query.categoria;

import br.com.lojaapi.coreapi.categoria.CategoriaView;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "categoria_view")
class CategoriaRegistro {

    @Id
    private String id;
    @Column(name = "loja_id", nullable = false)
    private String lojaId;
    @Column(nullable = false)
    private String nome;
    private String descricao;
    @Column(nullable = false)
    private int ordem;
    @Column(nullable = false)
    private boolean ativa;
    @Column(name = "criado_em", nullable = false)
    private Instant criadoEm;
    @Column(name = "atualizado_em", nullable = false)
    private Instant atualizadoEm;
    @Column(nullable = false)
    private long versao;
    @Column(name = "removida_em")
    private Instant removidaEm;

    protected CategoriaRegistro() {
        // JPA
    }

    CategoriaRegistro(String id, String lojaId, Instant criadoEm) {
        this.id = id;
        this.lojaId = lojaId;
        this.criadoEm = criadoEm;
    }

    void aplicar(String nome, String descricao, int ordem, boolean ativa, Instant atualizadoEm, long versao) {
        this.nome = nome;
        this.descricao = descricao;
        this.ordem = ordem;
        this.ativa = ativa;
        this.atualizadoEm = atualizadoEm;
        this.versao = versao;
    }

    void remover(Instant quando, long versao) {
        this.removidaEm = quando;
        this.atualizadoEm = quando;
        this.versao = versao;
    }

    long versao() {
        return versao;
    }

    CategoriaView view() {
        return new CategoriaView(id, lojaId, nome, descricao, ordem, ativa, criadoEm, atualizadoEm, versao);
    }
}
